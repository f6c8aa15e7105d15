import { useSearchParams } from 'react-router';

/** A positive int32 id from a query parameter (/update-box?id, /add-box-manual?configId), or null. */
export function useIdParam(name: 'id' | 'configId'): number | null {
  const [params] = useSearchParams();
  const raw = params.get(name);
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
