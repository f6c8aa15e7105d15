import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { limits, numberInText, z } from '@strideadmin/contract';
import { useRememberListSearch } from './list-memory';

/**
 * A list screen's state lives in the URL (docs/architecture.md "Search params are state"; docs/behaviour.md §12):
 * page, page size, sort and the module's filters (docs/behaviour.md §2 Search filters, joined as name=value
 * pairs with &). A zod object schema with defaults parses them, so Back and reload keep them; a
 * missing or invalid value falls back to its own default without disturbing the others.
 */
export type SortOrder = 'asc' | 'desc';

/** What every list schema parses to; the schema's other keys are the module's filters. */
export interface ListParams {
  page: number;
  limit: number;
  sort: string;
  order: SortOrder;
  /** `exact`: the list was asked to count every row (listQueryBase's `count`; docs/behaviour.md §12). */
  count?: 'exact';
}
const stateKeys = ['page', 'limit', 'sort', 'order', 'count'] as const;
type StateKey = (typeof stateKeys)[number];

/** A list screen's URL schema: a zod object whose output has the ListParams keys. */
export type ListParamsSchema<T extends ListParams = ListParams> = z.ZodObject & { _zod: { output: T } };

/** The filters of a list's params: every key that is not page, limit, sort, order or count. */
export type ListFilters<T extends ListParams> = Omit<T, StateKey>;

/** Page size as a URL parameter: one of limits.listPageSizes (digits only), else the default (docs/behaviour.md §12). */
export const pageSizeParam = numberInText(z.literal(limits.listPageSizes)).default(limits.listDefaultPageSize);
export type PageSize = (typeof limits.listPageSizes)[number];

/** The schema's output with nothing in the URL. */
export function listDefaults<T extends ListParams>(schema: ListParamsSchema<T>): T {
  return schema.parse({});
}

/**
 * URL search params -> the list's typed state. Only the schema's keys are read; empty values count
 * as absent; each key whose value fails the schema falls back to its default.
 */
export function parseListParams<T extends ListParams>(schema: ListParamsSchema<T>, search: URLSearchParams): T {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = search.get(key);
    if (value !== null && value.trim() !== '') raw[key] = value;
  }
  // Drop the keys that failed and parse again: the rest keep their URL values.
  for (let attempt = 0; attempt <= Object.keys(raw).length; attempt++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((i) => i.path[0]).filter((k) => typeof k === 'string'));
    if (bad.size === 0) break; // an object-level rule failed: nothing to blame but the whole URL
    for (const key of bad) delete raw[key];
  }
  return listDefaults(schema);
}

/**
 * The list's state -> URL search params, in the schema's key order. Values equal to their default
 * and empty filters are left out, so an untouched list is just its path.
 */
export function serializeListParams<T extends ListParams>(schema: ListParamsSchema<T>, state: T): URLSearchParams {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const values = state as unknown as Record<string, unknown>;
  const search = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = values[key];
    if (value === '' || value === defaults[key]) continue;
    // URL values are scalars; anything else (undefined, null, objects) is not written.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      search.set(key, String(value));
  }
  return search;
}

/** The next sort after activating a column's header: a new column ascends, the same one flips. */
export function nextSort(
  current: Pick<ListParams, 'sort' | 'order'>,
  column: string,
): Pick<ListParams, 'sort' | 'order'> {
  if (current.sort !== column) return { sort: column, order: 'asc' };
  return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
}

export interface ListParamsControls<T extends ListParams> {
  /** The parsed state: every key present, defaults filled in. */
  params: T;
  /** Just the filters (the schema's keys other than page, limit, sort, order, count). */
  filters: ListFilters<T>;
  /** True when any filter has a value. */
  isFiltered: boolean;
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  /** A new page size starts again at page 1. */
  setPageSize: (limit: T['limit']) => void;
  /** Sorts by `column` (ascending), or flips the order when it is already the sort; back to page 1. */
  toggleSort: (column: T['sort']) => void;
  /**
   * Replaces all filters with these (missing ones are cleared); back to page 1. A new filter counts
   * up to limits.listCountCap again (the exact count is dropped).
   */
  setFilters: (filters: Partial<ListFilters<T>>) => void;
  /** Clears every filter and the exact count, keeping sort and page size; back to page 1. */
  clearFilters: () => void;
  /**
   * Asks for the exact count (`count=exact` in the URL, so reload keeps it). It replaces the
   * history entry: Back does not step through a count. Page, sort and page size keep it.
   */
  countExactly: () => void;
}

/**
 * A list screen's URL state and its setters. Every change is a history entry (so Back restores the
 * previous page, sort or filter), except where `replace` is asked for. The search is remembered
 * for the sidebar (lib/list-memory.ts).
 */
export function useListParams<T extends ListParams>(schema: ListParamsSchema<T>): ListParamsControls<T> {
  const [search, setSearch] = useSearchParams();
  // The sidebar brings the administrator back to this search (docs/behaviour.md §12).
  useRememberListSearch();
  const params = useMemo(() => parseListParams(schema, search), [schema, search]);

  const filterKeys = useMemo(
    () => Object.keys(schema.shape).filter((k) => !(stateKeys as readonly string[]).includes(k)),
    [schema],
  );
  const filters = useMemo(() => {
    const values = params as unknown as Record<string, unknown>;
    return Object.fromEntries(filterKeys.map((k) => [k, values[k]])) as ListFilters<T>;
  }, [params, filterKeys]);
  const isFiltered = Object.values(filters as Record<string, unknown>).some((v) => v !== undefined && v !== '');

  const update = useCallback(
    (patch: Partial<T>, opts?: { replace?: boolean }) =>
      void setSearch(serializeListParams(schema, { ...params, ...patch }), { replace: opts?.replace }),
    [schema, params, setSearch],
  );
  const noFilters = useMemo(
    () => Object.fromEntries(filterKeys.map((k) => [k, undefined])) as Partial<T>,
    [filterKeys],
  );

  return {
    params,
    filters,
    isFiltered,
    setPage: useCallback((page, opts) => update({ page } as Partial<T>, opts), [update]),
    setPageSize: useCallback((limit) => update({ limit, page: 1 } as Partial<T>), [update]),
    toggleSort: useCallback(
      (column) => update({ ...nextSort(params, column), page: 1 } as Partial<T>),
      [update, params],
    ),
    setFilters: useCallback(
      (next) => update({ ...noFilters, ...next, page: 1, count: undefined }),
      [update, noFilters],
    ),
    clearFilters: useCallback(() => update({ ...noFilters, page: 1, count: undefined }), [update, noFilters]),
    countExactly: useCallback(() => update({ count: 'exact' } as Partial<T>, { replace: true }), [update]),
  };
}
