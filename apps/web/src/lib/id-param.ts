import { useSearchParams } from 'react-router';

/**
 * A record's id from a query parameter (/update-user?id, /add-box-manual?configId; docs/behaviour.md §2): a
 * positive int32, or null when it is not one.
 */
export function useIdParam(name: 'id' | 'configId' = 'id'): number | null {
  const [params] = useSearchParams();
  const raw = params.get(name);
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
