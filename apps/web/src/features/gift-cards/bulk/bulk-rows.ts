import {
  bulkRowStatus,
  cleanBulkCells,
  defaultCsvDateOrder,
  giftCardCsvColumns,
  todayIso,
  validateBulkRows,
  validTillAsWritten,
  type BulkRow,
  type BulkRowFields,
  type BulkRowStatus,
  type CsvDateOrder,
  type GiftCardCsvFields,
} from '@strideadmin/contract';
import type { BulkRowPayload } from '../api/create-multiple-gift-cards';
import type { BulkFileRow } from './parse-bulk-csv';

/**
 * The /add-multiple-card row store (docs/behaviour.md §3 Bulk upload row, §4 Bulk rows): a pure reducer, so
 * every rule (statuses, revalidation with uniqueness, image assignment, what a creation leaves) is
 * tested without a screen.
 */

/**
 * Why a row is still in the table after Create Gift Cards (docs/behaviour.md §4 After creation):
 * it was not sent (errors, or no image), the server refused it, or its request never got an answer.
 */
export type NotUploadedReason = 'skipped' | 'refused' | 'unsent';

/** docs/behaviour.md §3: a bulk row plus the transient `updating` flag (its image is uploading). */
export interface BulkImportRow extends BulkRow {
  /** The row's number as the admin knows it (its place in the file), kept across a 201 answer. */
  n: number;
  updating: boolean;
  /**
   * Errors its fields alone do not show: the server's (a serial already in the database) and the
   * file's (its line had an unmatched quote). They stay with the row until the admin saves it in
   * the Errors dialog; the server checks again on the next Create.
   */
  keptErrors: string[];
  /** Valid Till as the file or the admin wrote it, when it was read as a date written otherwise. */
  validTillAsWritten?: string;
  /** Set by a creation that left this row in the table, until the next one or another file. */
  notUploaded?: NotUploadedReason;
}

export interface BulkState {
  rows: BulkImportRow[];
  /** Ids of the rows ticked in the table. */
  selected: ReadonlySet<string>;
  /**
   * Which file's rows these are: ids restart at row-1 with every file, so an image still
   * travelling for the previous file must not land on the new file's row-1.
   */
  epoch: number;
  /** The order the file's dates were read in (the server's CSV_DATE_ORDER); edits are read in it too. */
  dateOrder: CsvDateOrder;
}

export const emptyBulkState: BulkState = { rows: [], selected: new Set(), epoch: 0, dateOrder: defaultCsvDateOrder };

export type BulkAction =
  /** A CSV file was read (its dates in `dateOrder`): its rows replace the table. */
  | { type: 'loaded'; rows: BulkFileRow[]; dateOrder: CsvDateOrder }
  /** The Errors dialog saved a row: every row is revalidated (uniqueness spans rows). */
  | { type: 'edited'; id: string; fields: GiftCardCsvFields; today?: string }
  | { type: 'uploadStarted'; ids: readonly string[]; epoch?: number }
  /** An upload ended: `url` is the stored address, or null when it failed. */
  | { type: 'uploadFinished'; ids: readonly string[]; url: string | null; epoch?: number }
  | { type: 'toggleSelected'; id: string }
  | { type: 'setSelected'; ids: readonly string[]; selected: boolean }
  | { type: 'removed'; ids: readonly string[]; today?: string }
  /**
   * POST /multiplegiftcard settled. `sentIds`: rows of every request that got an answer;
   * `failed`: the rows those answers sent back (201 body). docs/behaviour.md §4 After creation: only
   * the rows created leave the table; the rows sent back take the server's errors, and every row
   * that was not sent stays as it was, each marked with why it was not uploaded.
   */
  | { type: 'createSettled'; sentIds: readonly string[]; failed: readonly BulkRow[]; today?: string };

const keys = giftCardCsvColumns.map((c) => c.key);

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Every row's errors again: its own rules, uniqueness against the other rows, and whatever the
 * server said about it. Rows whose errors did not change keep their identity (memoised table rows
 * do not re-render).
 */
export function revalidate(
  rows: readonly BulkImportRow[],
  today = todayIso(),
  dateOrder: CsvDateOrder = defaultCsvDateOrder,
): BulkImportRow[] {
  const all = validateBulkRows(rows as BulkImportRow[], today, dateOrder);
  return rows.map((row, i) => {
    const own = all[i]!;
    const errors = row.keptErrors.length ? [...new Set([...row.keptErrors, ...own])] : own;
    if (sameList(errors, row.errors) && row.hasErrors === errors.length > 0) return row;
    return { ...row, errors, hasErrors: errors.length > 0 };
  });
}

/** The number a row shows: its place in the file (ids are `row-N`). */
export function rowNumberOf(id: string, fallback: number): number {
  const m = /^row-(\d+)$/.exec(id);
  return m ? Number(m[1]) : fallback;
}

function fromServer(r: BulkRow, previous: BulkImportRow | undefined, i: number): BulkImportRow {
  const fields = {} as BulkRowFields;
  for (const k of keys) fields[k] = String((r as Partial<BulkRowFields>)[k] ?? '');
  // Keep the image: the server echoes it, and if it did not, the one the row had.
  const cardPicture = String(r.cardPicture ?? '') || previous?.cardPicture || '';
  const serverErrors = Array.isArray(r.errors) ? r.errors.filter((e): e is string => typeof e === 'string') : [];
  const row: BulkImportRow = {
    ...fields,
    cardPicture,
    id: String(r.id),
    n: previous?.n ?? rowNumberOf(String(r.id), i + 1),
    hasErrors: true,
    errors: serverErrors,
    keptErrors: serverErrors,
    updating: false,
    notUploaded: 'refused',
  };
  // The date as written still shows while the server echoes the date the row was sent with.
  if (previous?.validTillAsWritten !== undefined && previous.validTill === fields.validTill)
    row.validTillAsWritten = previous.validTillAsWritten;
  return row;
}

const keepSelected = (selected: ReadonlySet<string>, rows: readonly BulkImportRow[]) => {
  if (selected.size === 0) return selected;
  const ids = new Set(rows.map((r) => r.id));
  return new Set([...selected].filter((id) => ids.has(id)));
};

export function bulkReducer(state: BulkState, action: BulkAction): BulkState {
  switch (action.type) {
    case 'loaded': {
      const rows = action.rows.map(({ lineErrors, ...r }, i): BulkImportRow => ({
        ...r,
        n: rowNumberOf(r.id, i + 1),
        updating: false,
        keptErrors: lineErrors ?? [],
      }));
      return { rows, selected: new Set(), epoch: state.epoch + 1, dateOrder: action.dateOrder };
    }
    case 'edited': {
      const rows = state.rows.map((r): BulkImportRow => {
        if (r.id !== action.id) return r;
        const cells = cleanBulkCells(action.fields, state.dateOrder);
        const edited: BulkImportRow = { ...r, ...cells, keptErrors: [] };
        const written = validTillAsWritten(String(action.fields.validTill ?? ''), cells.validTill);
        if (written === undefined) delete edited.validTillAsWritten;
        else edited.validTillAsWritten = written;
        return edited;
      });
      return { ...state, rows: revalidate(rows, action.today, state.dateOrder) };
    }
    case 'uploadStarted': {
      if (action.epoch !== undefined && action.epoch !== state.epoch) return state;
      const ids = new Set(action.ids);
      return { ...state, rows: state.rows.map((r) => (ids.has(r.id) ? { ...r, updating: true } : r)) };
    }
    case 'uploadFinished': {
      if (action.epoch !== undefined && action.epoch !== state.epoch) return state;
      const ids = new Set(action.ids);
      return {
        ...state,
        rows: state.rows.map((r) => {
          if (!ids.has(r.id)) return r;
          // docs/behaviour.md §4: images go only to rows without errors (a row may have gained some meanwhile).
          const cardPicture = action.url && !r.hasErrors ? action.url : r.cardPicture;
          return { ...r, cardPicture, updating: false };
        }),
      };
    }
    case 'toggleSelected': {
      const selected = new Set(state.selected);
      if (!selected.delete(action.id)) selected.add(action.id);
      return { ...state, selected };
    }
    case 'setSelected': {
      const selected = new Set(state.selected);
      for (const id of action.ids) {
        if (action.selected) selected.add(id);
        else selected.delete(id);
      }
      return { ...state, selected };
    }
    case 'removed': {
      const ids = new Set(action.ids);
      const rows = revalidate(
        state.rows.filter((r) => !ids.has(r.id)),
        action.today,
        state.dateOrder,
      );
      return { ...state, rows, selected: keepSelected(state.selected, rows) };
    }
    case 'createSettled': {
      const before = new Map(state.rows.map((r) => [r.id, r]));
      const failed = new Map(action.failed.map((r, i) => [String(r.id), fromServer(r, before.get(String(r.id)), i)]));
      const sent = new Set(action.sentIds);
      // In the file's order: a row created leaves; one sent back takes the server's errors; one
      // never sent stays, marked: skipped (errors or no image: it was not 'Successfull'), or unsent
      // (it was, but its request never got an answer).
      let rows = state.rows.flatMap((r): BulkImportRow[] => {
        if (sent.has(r.id)) return failed.has(r.id) ? [failed.get(r.id)!] : [];
        return [{ ...r, notUploaded: bulkRowStatus(r) === 'ready' ? 'unsent' : 'skipped' }];
      });
      rows = revalidate(rows, action.today, state.dateOrder);
      return { ...state, rows, selected: keepSelected(state.selected, rows) };
    }
  }
}

export interface BulkCounts {
  total: number;
  ready: number;
  imageMissing: number;
  errors: number;
  updating: number;
}

/** The summary above the table (and what Create Gift Cards may send). */
export function countRows(rows: readonly BulkImportRow[]): BulkCounts {
  const c: BulkCounts = { total: rows.length, ready: 0, imageMissing: 0, errors: 0, updating: 0 };
  for (const r of rows) {
    const s = bulkRowStatus(r);
    if (s === 'ready') c.ready++;
    else if (s === 'imageMissing') c.imageMissing++;
    else c.errors++;
    if (r.updating) c.updating++;
  }
  return c;
}

/** docs/behaviour.md §4: Create Gift Cards is enabled when one row or more is 'Successfull', and not while creating. */
export function canCreate(counts: BulkCounts, creating: boolean): boolean {
  return counts.ready > 0 && !creating && counts.updating === 0;
}

/** docs/behaviour.md §4: the warning dialog opens when any row would be skipped (errors, or no image). */
export function needsSkipWarning(counts: BulkCounts): boolean {
  return counts.ready < counts.total;
}

/**
 * docs/behaviour.md §4: Confirm uploads only the 'Successfull' rows, as the call's payload (id +
 * text fields + picture).
 */
export function rowsToCreate(rows: readonly BulkImportRow[]): BulkRowPayload[] {
  return rows
    .filter((r) => bulkRowStatus(r) === 'ready')
    .map((r) => {
      const out = { id: r.id, cardPicture: r.cardPicture } as BulkRowPayload;
      for (const k of keys) out[k] = r[k];
      return out;
    });
}

export type StatusFilter = 'all' | BulkRowStatus;

export function filterRows(rows: readonly BulkImportRow[], filter: StatusFilter): readonly BulkImportRow[] {
  return filter === 'all' ? rows : rows.filter((r) => bulkRowStatus(r) === filter);
}

/**
 * What a row left in the table by a creation says under its status (docs/behaviour.md §4 After
 * creation), by why it was not uploaded and what it is now; undefined for a row never offered.
 */
export function notUploadedLabel(row: Pick<BulkImportRow, 'notUploaded' | 'hasErrors' | 'cardPicture'>) {
  if (!row.notUploaded) return undefined;
  if (row.notUploaded === 'refused') return 'Not created: refused by the server';
  if (row.notUploaded === 'unsent') return 'Not uploaded: the request failed';
  const status = bulkRowStatus(row);
  if (status === 'errors') return 'Not uploaded: it has errors';
  if (status === 'imageMissing') return 'Not uploaded: no image';
  return 'Not uploaded yet';
}
