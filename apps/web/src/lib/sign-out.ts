import { api } from './api-client';
import { flushPendingDeletes } from './pending-deletes';
import { session } from './session';

/** How long Logout waits for the server before signing out here anyway. */
const serverWaitMs = 5_000;

/**
 * Logout: sends any delete still waiting in its Undo window, then ends the session on the server
 * (POST /auth/logout, so a copy of the token is refused from then on), then here. Signed out here
 * whatever the answer: offline, or a session that had already ended, must not keep anyone signed in.
 */
export async function signOut(): Promise<void> {
  if (session.token()) {
    // A delete confirmed a moment ago, still in its Undo window, is sent while the session stands.
    await flushPendingDeletes();
    try {
      await api('/auth/logout', { method: 'POST', signal: AbortSignal.timeout(serverWaitMs) });
    } catch {
      // Ended here all the same; the server's copy ends at its idle or absolute expiry.
    }
  }
  session.signOut();
}
