import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { limits, type QuickSearchResult } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { quickSearchKeys } from './keys';

/** GET /search (docs/behaviour.md §12 Quick search): users by name or e-mail, gift cards by serial number. */
export const quickSearch = (text: string, signal?: AbortSignal) =>
  api<QuickSearchResult>('/search', { query: { q: text }, signal }).then((r) => r.body);

/** Whether the server takes `text` as a search (shorter texts match screens only). */
export const isSearchable = (text: string) => text.trim().length >= limits.quickSearchMinChars;

/** The matches of `text`, once it is searchable; the previous matches stay while the next load. */
export function useQuickSearch(text: string, allowed = true) {
  const q = text.trim();
  return useQuery({
    queryKey: quickSearchKeys.search(q),
    queryFn: ({ signal }) => quickSearch(q, signal),
    enabled: allowed && isSearchable(q),
    placeholderData: keepPreviousData,
  });
}
