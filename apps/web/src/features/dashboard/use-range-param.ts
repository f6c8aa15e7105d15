import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { dashboardQuerySchema, type DateRange } from '@strideadmin/contract';

/** `?range=` as the server reads it; a missing or unknown value is the default, Today. */
const rangeParam = dashboardQuerySchema.shape.range.catch('Today');
const defaultRange: DateRange = rangeParam.parse(undefined);

/** The range a Home URL's search asks for (also read at a sign-in: app/first-calls.ts). */
export const rangeOf = (search: URLSearchParams): DateRange => rangeParam.parse(search.get('range') ?? undefined);

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
        if (next === defaultRange) params.delete('range');
        else params.set('range', next);
        return params;
      }),
    [setSearch],
  );
  return [range, setRange];
}
