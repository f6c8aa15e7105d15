import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /auth/verifyToken (docs/behaviour.md §7): marks the e-mail verified; the screen shows `message`. */
export const verifyToken = (tempCode: string) =>
  api<unknown>('/auth/verifyToken', { method: 'POST', body: { temp_code: tempCode } });

/**
 * The failure message *is* the screen's content (docs/behaviour.md §8 Verify account failure), so the global
 * toast would only repeat it: silenced.
 */
export function useVerifyToken() {
  return useMutation({ mutationFn: verifyToken, meta: { silentError: true } });
}
