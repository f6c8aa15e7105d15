import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { limits, type ListResponse, type SelectAllIdsResult } from '@strideadmin/contract';
import { api } from '../lib/api-client';
import { formatNumber } from '../lib/format';
import type { ListParams, ListParamsControls } from '../lib/list-params';
import { hiddenCountUnder, useHiddenIds, usePendingDeletesVersion } from '../lib/pending-deletes';
import { useSelection } from '../lib/selection';
import { countOf, undoHint, useUndoableDelete, type DeleteTarget } from '../lib/undoable-delete';
import { BulkBar, SelectCheckbox } from './bulk-bar';
import { ConfirmDialog } from './confirm-dialog';
import type { DataTableColumn } from './data-table';

/** A list screen's bulk delete (ListBody's `bulk`): what it deletes, and how a row is named. */
export interface ListBulkOptions<Row> {
  target: DeleteTarget;
  /** The row's name in its checkbox's accessible name: "Select Ada". */
  rowName: (row: Row) => string;
}

const noTarget: DeleteTarget = { path: '', noun: { one: '', other: '' }, deleted: '', settle: async () => {} };

/** The list's query without its page: what GET <path>/ids takes (filters and sort). */
function idsQueryOf(params: ListParams): Record<string, string | number | boolean | undefined> {
  const { page: _page, limit: _limit, count: _count, ...rest } = params as ListParams & { count?: string };
  return rest;
}

/**
 * Selection, the bulk bar and undoable deletes for a list (docs/behaviour.md §12 "Selection and
 * undo"): the rows to show (without those a pending delete hides) and their count, the checkbox
 * column, and the bar with its confirmation. Without `bulk` it changes nothing.
 */
export function useListSelection<T extends ListParams, Row extends { id: number }>(
  bulk: ListBulkOptions<Row> | undefined,
  list: ListParamsControls<T>,
  data: ListResponse<Row> | undefined,
) {
  const target = bulk?.target ?? noTarget;
  const { count: _count, ...filters } = list.filters as Record<string, unknown>;
  const filterKey = JSON.stringify(filters);
  const selection = useSelection(filterKey);
  const hidden = useHiddenIds(target.path);
  usePendingDeletesVersion();
  const undoable = useUndoableDelete(target);
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [loadingAll, setLoadingAll] = useState(false);

  const rows = data?.rows.filter((r) => !hidden.has(r.id));
  const hiddenHere = (data?.rows ?? []).filter((r) => hidden.has(r.id)).length;
  const count = data ? Math.max(0, data.count - Math.max(hiddenHere, hiddenCountUnder(target.path, filterKey))) : 0;

  const pageIds = rows?.map((r) => r.id) ?? [];
  const onPage = pageIds.filter((id) => selection.has(id)).length;
  const wholePage = pageIds.length > 0 && onPage === pageIds.length;
  const moreMatch = data ? data.countCapped === true || count > selection.ids.size : false;
  const beyondMax = data ? data.countCapped === true || count > limits.selectAllMax : false;

  const idsQuery = {
    queryKey: ['list-ids', target.path, idsQueryOf(list.params)] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<SelectAllIdsResult>(`${target.path}/ids`, { query: idsQueryOf(list.params), signal }).then((r) => r.body),
    staleTime: 0,
  };
  // Past the list's count (or past what one selection takes) the link says how many it will select.
  const ids = useQuery({
    ...idsQuery,
    enabled: bulk !== undefined && wholePage && moreMatch && beyondMax && !selection.all,
  });

  if (!bulk) return { rows: data?.rows, count: data?.count ?? 0, column: undefined, bar: null };

  const capped = ids.data
    ? ids.data.countCapped === true || ids.data.count > limits.selectAllMax
    : count > limits.selectAllMax;
  const matching = ids.data?.count ?? count;
  const selectAllLabel =
    beyondMax && !ids.data
      ? count > limits.selectAllMax
        ? `Select the first ${formatNumber(limits.selectAllMax)} matching`
        : 'Select all matching'
      : capped
        ? `Select the first ${formatNumber(limits.selectAllMax)} matching`
        : `Select all ${formatNumber(matching)} matching`;

  const selectAllMatching = async () => {
    setLoadingAll(true);
    try {
      const answer = await qc.fetchQuery(idsQuery);
      const visible = answer.ids.filter((id) => !hidden.has(id));
      selection.selectAll(visible, {
        count: visible.length,
        capped: answer.countCapped === true || answer.count > answer.ids.length,
      });
    } catch {
      // The query client's error policy has toasted it.
    } finally {
      setLoadingAll(false);
    }
  };

  const column: DataTableColumn<Row, never> = {
    id: 'select',
    className: 'w-10',
    header: (
      <SelectCheckbox
        label="Select all on this page"
        checked={wholePage}
        indeterminate={onPage > 0 && !wholePage}
        disabled={pageIds.length === 0}
        onChange={(on) => selection.setMany(pageIds, on)}
      />
    ),
    cell: (row) => (
      <SelectCheckbox
        label={`Select ${bulk.rowName(row)}`}
        checked={selection.has(row.id)}
        onChange={(on) => selection.toggle(row.id, on)}
      />
    ),
  };

  const selected = selection.ids.size;
  const all = selection.all;
  const bar: ReactNode = (
    <>
      {selected > 0 && (
        <BulkBar
          selected={selected}
          note={
            all
              ? all.capped
                ? `The first ${countOf(target, all.count)} matching are selected.`
                : `All ${countOf(target, all.count)} matching are selected.`
              : undefined
          }
          selectAll={
            wholePage && moreMatch && !all
              ? { label: selectAllLabel, onClick: () => void selectAllMatching(), loading: loadingAll }
              : undefined
          }
          onClear={selection.clear}
          onDelete={() => setConfirming(true)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${countOf(target, selected)}?`}
        description={`The ${countOf(target, selected)} selected will be deleted. ${undoHint}`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          undoable.deleteMany([...selection.ids], filterKey);
          selection.clear();
          setConfirming(false);
        }}
      />
    </>
  );

  return { rows, count, column, bar };
}
