import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { dateRangeOf, type DateRange, defaultDateRange } from '@strideadmin/contract';

/**
 * The range a Home URL's search asks for; a missing or unknown value is the default, Today (also
 * read at a sign-in: app/first-calls.ts). Without zod, which Home does not load.
 */
export const rangeOf = (search: URLSearchParams): DateRange => dateRangeOf(search.get('range'));

/**
 * The dashboard's range lives in the URL (`/?range=Week`), so Back and reload keep it (docs/architecture.md
 * "Search params are state"). Each choice is a history entry; the default is left out of the URL.
 */
export function useRangeParam(): [DateRange, (range: DateRange) => void] {
  const [search, setSearch] = useSearchParams();
  const range = rangeOf(search);
  const setRange = useCallback(
    (next: DateRange) =>
      setSearch((prev) => {
        const params = new URLSearchParams(prev);
        if (next === defaultDateRange) params.delete('range');
        else params.set('range', next);
        return params;
      }),
    [setSearch],
  );
  return [range, setRange];
}
