import { useEffect, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { limits, type ListResponse } from '@strideadmin/contract';
import type { ListFilters, ListParams, ListParamsControls } from '../lib/list-params';
import { Button } from './button';
import { useColumnVisibility } from '../lib/column-visibility';
import { ColumnChooser } from './column-chooser';
import { columnLabel, DataTable, type DataTableColumn } from './data-table';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { useListSelection, type ListBulkOptions } from './list-selection';
import { FilterBar, type FilterField, type FilterValues } from './filter-bar';
import { Pagination, pageCount } from './pagination';

type FilterName<T extends ListParams> = keyof ListFilters<T> & string;

export interface ListBodyProps<T extends ListParams, Row extends { id: number }> {
  /** The list's URL state (useListParams). */
  list: ListParamsControls<T>;
  /** The page of rows for `list.params` (a list query with placeholderData: keepPreviousData). */
  query: UseQueryResult<ListResponse<Row>>;
  /** The filter form's accessible name, and its fields (docs/behaviour.md §2 Search filters). */
  filterLabel: string;
  filterFields: readonly FilterField<FilterName<T>>[];
  /** The table's accessible name. */
  caption: string;
  columns: readonly DataTableColumn<Row, T['sort']>[];
  onRowClick?: (row: Row) => void;
  /** Read out while the first page loads. */
  loadingLabel: string;
  /** The error state's title when no page could be loaded. */
  errorTitle: string;
  /** The empty state: its title, its hint with filters applied (it offers Clear filters) and without. */
  emptyTitle: string;
  filteredHint: string;
  emptyHint?: string;
  /** The empty state's action without filters (Add ...). */
  emptyAction?: ReactNode;
  /** The pagination's name ("Users pages"). */
  paginationLabel: string;
  /**
   * The list's name in the stored column choices (`strideadmin.columns.<userId>.<columnsId>`); the
   * columns marked `optional`/`defaultHidden` are offered in the Columns chooser.
   */
  columnsId?: string;
  /** Row checkboxes, the bulk bar and undoable deletes (docs/behaviour.md §12 "Selection and undo"). */
  bulk?: ListBulkOptions<Row>;
}

/**
 * A list screen under its header (docs/behaviour.md §12, decision 0007): the filters, the Columns chooser,
 * the table (cards on a phone) with its loading, empty and error states, and the pagination, all driven
 * by the URL state. A page past
 * the end is replaced by the last page.
 */
export function ListBody<T extends ListParams, Row extends { id: number }>({
  list,
  query,
  filterLabel,
  filterFields,
  caption,
  columns,
  onRowClick,
  loadingLabel,
  errorTitle,
  emptyTitle,
  filteredHint,
  emptyHint,
  emptyAction,
  paginationLabel,
  columnsId,
  bulk,
}: ListBodyProps<T, Row>) {
  const { params } = list;
  usePagePastEnd(query, params, list.setPage);
  const shownColumns = useColumnVisibility(columnsId, columns);
  const selection = useListSelection(bulk, list, query.data);

  return (
    <>
      <FilterBar
        label={filterLabel}
        fields={filterFields}
        // The filters are text, or a select's option values: strings both ways. A select offers only
        // its options' values, and the URL schema drops anything else.
        values={list.filters as FilterValues<FilterName<T>>}
        onApply={(v) => list.setFilters(v as Partial<ListFilters<T>>)}
        onClear={list.clearFilters}
      />
      {shownColumns.optional.length > 0 && (
        <div className="mb-3 flex flex-wrap items-center justify-end gap-2">
          <ColumnChooser
            listName={caption}
            choices={shownColumns.optional.map(({ column, shown }) => ({
              id: column.id,
              label: columnLabel(column),
              shown,
            }))}
            onChange={shownColumns.setShown}
            onReset={shownColumns.reset}
            isDefault={shownColumns.isDefault}
          />
        </div>
      )}
      {selection.bar}
      <DataTable
        caption={caption}
        columns={selection.column ? [selection.column, ...shownColumns.visible] : shownColumns.visible}
        cardsOnPhone
        rows={selection.rows}
        rowKey={(row) => row.id}
        sort={{ column: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        isLoading={query.isPending}
        isFetching={query.isPlaceholderData}
        skeletonRows={Math.min(params.limit, 10)}
        loadingLabel={loadingLabel}
        onRowClick={onRowClick}
        error={
          // A failed background refetch keeps the rows on screen (the toast tells); no rows: the error state.
          query.isError &&
          !query.data && (
            <ErrorState
              title={errorTitle}
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )
        }
        empty={
          <EmptyState
            title={emptyTitle}
            hint={list.isFiltered ? filteredHint : emptyHint}
            action={
              list.isFiltered ? (
                <Button variant="secondary" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              ) : (
                emptyAction
              )
            }
          />
        }
      />
      {query.data && query.data.count > 0 && (
        <Pagination
          label={paginationLabel}
          page={params.page}
          pageSize={params.limit}
          count={selection.count}
          countCapped={query.data.countCapped}
          onCountExactly={list.countExactly}
          // Asked for, and the capped page still on screen while the exact one loads.
          counting={params.count === 'exact' && query.isPlaceholderData && query.data.countCapped === true}
          exact={params.count === 'exact' && !query.data.countCapped}
          onPageChange={list.setPage}
          pageSizes={limits.listPageSizes}
          onPageSizeChange={list.setPageSize}
        />
      )}
    </>
  );
}

/**
 * A page past the end (the last row of the last page was deleted, or an old link): go to the last
 * one, replacing the history entry. A placeholder (the previous page, still on screen) says nothing.
 */
export function usePagePastEnd<Row>(
  query: UseQueryResult<ListResponse<Row>>,
  params: Pick<ListParams, 'page' | 'limit'>,
  setPage: ListParamsControls<ListParams>['setPage'],
) {
  const data = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (data && data.rows.length === 0 && data.count > 0 && params.page > 1)
      setPage(pageCount(data.count, params.limit), { replace: true });
  }, [data, params.page, params.limit, setPage]);
}
