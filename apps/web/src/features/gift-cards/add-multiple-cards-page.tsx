import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { csvDateOrderSentence, messages, type GiftCardCsvFields } from '@strideadmin/contract';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FileUpload } from '../../components/file-upload';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { handleApiError } from '../../lib/query-client';
import { toast } from '../../lib/toast';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { checkImageFile } from '../../lib/upload';
import { useCreateMultipleGiftCards } from './api/create-multiple-gift-cards';
import { giftCardSettingsQueryOptions, useGiftCardSettings } from './api/get-gift-card-settings';
import {
  bulkReducer,
  canCreate,
  countRows,
  emptyBulkState,
  filterRows,
  needsSkipWarning,
  rowsToCreate,
  type BulkCounts,
  type StatusFilter,
} from './bulk/bulk-rows';
import { BulkSummary } from './bulk/bulk-summary';
import { BulkTable } from './bulk/bulk-table';
import { ImageTools } from './bulk/image-tools';
import { matchImagesToRows, type ImageMatchReport } from './bulk/match-images';
import { checkCsvFile } from './bulk/parse-bulk-csv';
import { ProgressBar } from './bulk/progress-bar';
import { prepareCsvWorker, readCsvFile } from './bulk/read-csv-file';
import { RowErrorsDialog } from './bulk/row-errors-dialog';
import { useImageUploads } from './bulk/use-image-uploads';

const apiBase = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');
/** docs/behaviour.md §10: the template is served by us (GET /giftcard/csv-template, public). */
const templateUrl = `${apiBase}/giftcard/csv-template`;

/** User Timing marks: how long a file takes from being chosen to its rows on screen. */
export const importMarks = { chosen: 'bulk-import:file-chosen', shown: 'bulk-import:file-to-table' } as const;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What the warning says will be skipped: "2 rows with errors and 1 row without an image will be skipped." */
const skippedSentence = (c: BulkCounts) =>
  [
    c.errors > 0 && `${plural(c.errors, 'row', 'rows')} with errors`,
    c.imageMissing > 0 && `${plural(c.imageMissing, 'row', 'rows')} without an image`,
  ]
    .filter(Boolean)
    .join(' and ') + ' will be skipped.';

/**
 * The notice after a creation that left rows in the table (docs/behaviour.md §4 After creation):
 * what was created, and each kind of row that was not, which stays below.
 */
function createdNotice(
  created: number,
  left: { refused: number; errors: number; imageMissing: number; unsent: number },
): string {
  const them = (n: number) => (n === 1 ? 'it' : 'them');
  const isAre = (n: number) => (n === 1 ? 'is' : 'are');
  const skipped = left.errors + left.imageMissing;
  const why = [
    left.errors > 0 && `${plural(left.errors, 'row', 'rows')} with errors`,
    left.imageMissing > 0 && `${plural(left.imageMissing, 'row', 'rows')} without an image`,
  ]
    .filter(Boolean)
    .join(' and ');
  return [
    `${plural(created, 'gift card was', 'gift cards were')} created.`,
    left.refused > 0 &&
      `${plural(left.refused, 'row was', 'rows were')} not: fix ${them(left.refused)} below and create again.`,
    skipped > 0 && `Not uploaded: ${why}; ${skipped === 1 ? 'it' : 'they'} ${isAre(skipped)} still below.`,
    left.unsent > 0 &&
      `${plural(left.unsent, 'row was', 'rows were')} not sent: create again to send ${them(left.unsent)}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * docs/behaviour.md §2/§4/§5/§7 Add Multiple Gift Cards: a CSV file read into validated rows (in a worker),
 * a table of them with their statuses, per-row and many-at-once images, the Errors dialog, and
 * Create Gift Cards with its warning; a 201 answer leaves the rows that failed to fix and retry.
 */
export function AddMultipleCardsPage() {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(bulkReducer, emptyBulkState);
  const [loadedFile, setLoadedFile] = useState<File | null>(null);
  const [readingFile, setReadingFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<{ message: string; fileName: string } | null>(null);
  const [replaceWith, setReplaceWith] = useState<File | null>(null);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [errorsRowId, setErrorsRowId] = useState<string | null>(null);
  const [warnOpen, setWarnOpen] = useState(false);
  const [createProgress, setCreateProgress] = useState<{ done: number; total: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [matchReport, setMatchReport] = useState<ImageMatchReport | null>(null);
  const readAbort = useRef<AbortController | null>(null);
  const measurePending = useRef(false);

  const { enqueue: enqueueUploads, progress: uploadProgress } = useImageUploads(dispatch);
  const create = useCreateMultipleGiftCards();
  const creating = create.isPending;
  const queryClient = useQueryClient();
  // How the server reads dates (CSV_DATE_ORDER): said above the table, and the preview reads them so.
  const settings = useGiftCardSettings();

  const { rows, selected, epoch } = state;
  const counts = useMemo(() => countRows(rows), [rows]);
  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const errorsRow = useMemo(
    () => (errorsRowId ? (rows.find((r) => r.id === errorsRowId) ?? null) : null),
    [rows, errorsRowId],
  );
  const selectedWithoutErrors = useMemo(
    () => (selected.size ? rows.reduce((n, r) => (selected.has(r.id) && !r.hasErrors ? n + 1 : n), 0) : 0),
    [rows, selected],
  );

  // The CSV worker loads while the admin picks a file: reading starts at once.
  useEffect(() => prepareCsvWorker(), []);

  // The rows of a file are on screen: measure from the choice to the first paint after it.
  useEffect(() => {
    if (!measurePending.current) return;
    measurePending.current = false;
    const frame = requestAnimationFrame(() => {
      try {
        performance.measure(importMarks.shown, importMarks.chosen);
      } catch {
        // a browser without User Timing: nothing to report
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [rows]);

  // Unsaved work: leaving the screen asks first (navigation in the app, and reload/close;
  // lib/unsaved-changes.ts, asked by the shell).
  const unsaved = useUnsavedChanges(rows.length > 0);

  async function readFile(file: File) {
    readAbort.current?.abort();
    setFileError(null);
    setNotice(null);
    setMatchReport(null);
    const problem = checkCsvFile(file);
    if (problem) {
      setReadingFile(null);
      setFileError({ message: problem, fileName: file.name });
      return;
    }
    try {
      performance.clearMeasures(importMarks.shown);
      performance.mark(importMarks.chosen);
    } catch {
      // no User Timing
    }
    const ctrl = new AbortController();
    readAbort.current = ctrl;
    setReadingFile(file);
    // The dates are read as the server will read them: its order first (asked once, then kept).
    let dateOrder;
    try {
      ({ csvDateOrder: dateOrder } = await queryClient.fetchQuery(giftCardSettingsQueryOptions()));
    } catch (err) {
      // The query layer has said why already (a toast, or the sign-in screen): no file is read
      // without the server's order.
      if (ctrl.signal.aborted) return;
      setReadingFile(null);
      setFileError({ message: err instanceof ApiError ? err.message : messages.noResponse, fileName: file.name });
      return;
    }
    if (ctrl.signal.aborted) return;
    const result = await readCsvFile(file, { signal: ctrl.signal, dateOrder });
    if (ctrl.signal.aborted) return;
    setReadingFile(null);
    if (!result.ok) {
      setFileError({ message: result.message, fileName: file.name });
      return;
    }
    measurePending.current = true;
    setLoadedFile(file);
    setFilter('all');
    setErrorsRowId(null);
    setNotice(null);
    dispatch({ type: 'loaded', rows: result.rows, dateOrder });
  }

  function onCsv(file: File) {
    // A table with work in it is replaced only when the admin says so (and only by a CSV file).
    if (rows.length > 0 && !checkCsvFile(file)) setReplaceWith(file);
    else void readFile(file);
  }

  const onImage = useCallback(
    (id: string, file: File) => {
      const problem = checkImageFile(file);
      if (problem) {
        toast.error(problem);
        return;
      }
      enqueueUploads([{ file, rowIds: [id], epoch }]);
    },
    [enqueueUploads, epoch],
  );

  function onMatchFiles(files: File[]) {
    const report = matchImagesToRows(files, rows);
    setMatchReport(report);
    enqueueUploads(report.matches.map((m) => ({ file: m.file, rowIds: [m.rowId], epoch })));
  }

  function onApplyToSelected(file: File) {
    const problem = checkImageFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    const ids = rows.filter((r) => selected.has(r.id) && !r.hasErrors).map((r) => r.id);
    enqueueUploads([{ file, rowIds: ids, epoch }]);
  }

  const onToggle = useCallback((id: string) => dispatch({ type: 'toggleSelected', id }), []);
  const onToggleAll = useCallback(
    (ids: readonly string[], on: boolean) => dispatch({ type: 'setSelected', ids, selected: on }),
    [],
  );
  const onShowErrors = useCallback((id: string) => setErrorsRowId(id), []);

  function onSaveRow(id: string, fields: GiftCardCsvFields) {
    dispatch({ type: 'edited', id, fields });
    setErrorsRowId(null);
  }

  function onCreateClick() {
    if (needsSkipWarning(counts)) setWarnOpen(true);
    else void runCreate();
  }

  async function runCreate() {
    setWarnOpen(false);
    setNotice(null);
    setMatchReport(null);
    const payload = rowsToCreate(rows);
    setCreateProgress({ done: 0, total: payload.length });
    const outcome = await create.mutateAsync({
      rows: payload,
      onProgress: (done, total) => setCreateProgress({ done, total }),
    });
    setCreateProgress(null);
    // docs/behaviour.md §4 After creation: only the rows created leave the table. Every row sent
    // was created and none was held back: on to the card list.
    if (outcome.allCreated && payload.length === rows.length) {
      unsaved.release(); // saved: leaving now does not ask
      toast.success(outcome.message ?? messages.giftCardsCreated);
      void navigate(paths.cardList);
      return;
    }
    if (outcome.error) handleApiError(outcome.error);
    // The rows sent back keep the server's errors, and the rows never sent stay, each marked with
    // why (errors, no image, no answer): no row silently leaves the table.
    dispatch({ type: 'createSettled', sentIds: outcome.sentIds, failed: outcome.failed });
    setFilter('all');
    setErrorsRowId(null);
    if (outcome.allCreated) toast.success(`${plural(outcome.created, 'gift card was', 'gift cards were')} created.`);
    else if (!outcome.error) toast.info(outcome.message ?? messages.giftCardsPartlyCreated);
    setNotice(
      createdNotice(outcome.created, {
        refused: outcome.failed.length,
        errors: counts.errors,
        imageMissing: counts.imageMissing,
        unsent: payload.length - outcome.sentIds.length,
      }),
    );
  }

  const createHint = creating
    ? 'Creating…'
    : counts.updating > 0
      ? 'Waiting for the images to finish uploading.'
      : counts.ready > 0
        ? `${plural(counts.ready, 'row', 'rows')} will be created.`
        : rows.length > 0
          ? 'Give at least one row without errors a picture to create it.'
          : '';

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Add Multiple Gift Cards"
        description="Upload a CSV file of gift cards, check every row, give the rows their pictures, and create them all at once."
        actions={
          <a
            href={templateUrl}
            download="gift-cards-template.csv"
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            Download CSV Format
          </a>
        }
      />

      <Card title="CSV File">
        <FileUpload
          label="CSV File"
          kind="csv"
          value={readingFile ?? loadedFile}
          onFile={onCsv}
          busy={readingFile !== null}
          disabled={creating}
          hint="The columns of the CSV format, one card per row: up to 10,000 rows and 5MB."
        />
        {settings.data && (
          // docs/behaviour.md §5 The CSV file: the server's CSV_DATE_ORDER, which the preview follows.
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="date-order">
            {csvDateOrderSentence[settings.data.csvDateOrder]}
          </p>
        )}
        {readingFile && (
          <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            Reading {readingFile.name}…
          </p>
        )}
        {fileError && (
          <div
            role="alert"
            data-testid="csv-error"
            className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            <p className="font-medium">{fileError.message}</p>
            <p className="mt-1 text-xs">
              {fileError.fileName} was not loaded
              {loadedFile && rows.length > 0 ? `; the rows below are still those of ${loadedFile.name}` : ''}.
            </p>
          </div>
        )}
      </Card>

      {(rows.length > 0 || notice) && (
        <>
          {rows.length > 0 && (
            <Card title="Card Pictures">
              <ImageTools
                selectedCount={selected.size}
                selectedWithoutErrors={selectedWithoutErrors}
                disabled={creating}
                report={matchReport}
                onMatchFiles={onMatchFiles}
                onApplyToSelected={onApplyToSelected}
                onRemoveSelected={() => dispatch({ type: 'removed', ids: [...selected] })}
                onClearSelection={() => dispatch({ type: 'setSelected', ids: [...selected], selected: false })}
              />
            </Card>
          )}

          {notice && (
            <div
              role="status"
              data-testid="create-notice"
              className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              {notice}
            </div>
          )}
          {uploadProgress && (
            <ProgressBar label="Uploading images" done={uploadProgress.done} total={uploadProgress.total} />
          )}
          {createProgress && (
            <ProgressBar label="Creating gift cards" done={createProgress.done} total={createProgress.total} />
          )}

          <BulkSummary counts={counts} filter={filter} onFilter={setFilter} />
          <BulkTable
            rows={shown}
            selected={selected}
            disabled={creating}
            onToggle={onToggle}
            onToggleAll={onToggleAll}
            onShowErrors={onShowErrors}
            onImage={onImage}
            empty={rows.length === 0 ? 'No rows left.' : 'No rows with this status.'}
          />
        </>
      )}

      <div className="flex flex-wrap items-center justify-end gap-3">
        {createHint && (
          <p className="mr-auto text-sm text-slate-600 dark:text-slate-400" data-testid="create-hint">
            {createHint}
          </p>
        )}
        <ButtonLink variant="secondary" to={paths.cardList}>
          Cancel
        </ButtonLink>
        <Button onClick={onCreateClick} disabled={!canCreate(counts, creating)} loading={creating}>
          Create Gift Cards
        </Button>
      </div>

      <RowErrorsDialog
        row={errorsRow}
        rows={rows}
        dateOrder={state.dateOrder}
        onSave={onSaveRow}
        onClose={() => setErrorsRowId(null)}
      />

      <ConfirmDialog
        open={warnOpen}
        title="Some rows will be skipped"
        tone="primary"
        confirmLabel="Confirm"
        description={
          <>
            {/* The specification's sentence speaks of errors: said only when some row has errors. */}
            {counts.errors > 0 && messages.csvRecordsSkipped}
            <span className={counts.errors > 0 ? 'mt-2 block' : 'block'} data-testid="skip-counts">
              {skippedSentence(counts)} {plural(counts.ready, 'row', 'rows')} will be uploaded.
            </span>
          </>
        }
        onConfirm={() => void runCreate()}
        onCancel={() => setWarnOpen(false)}
      />

      <ConfirmDialog
        open={replaceWith !== null}
        title="Replace the rows?"
        tone="danger"
        confirmLabel="Replace"
        description={`The ${plural(rows.length, 'row', 'rows')} in the table, with their pictures and edits, will be replaced by the rows of ${replaceWith?.name ?? 'the new file'}.`}
        onConfirm={() => {
          const file = replaceWith;
          setReplaceWith(null);
          if (file) void readFile(file);
        }}
        onCancel={() => setReplaceWith(null)}
      />
    </div>
  );
}
