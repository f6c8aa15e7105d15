import { useSearchParams } from 'react-router';

/** The `id` query parameter of /query-details?id (spec §2), or null when it is not one. */
export function useComplaintQueryIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
