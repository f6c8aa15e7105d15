import { useEffect } from 'react';
import type { SessionInfo } from '@strideadmin/contract';
import { api, lastSignedInCallAt } from './api-client';
import { handleApiError } from './api-errors';
import { session } from './session';

/**
 * The server ends a portal session unused for a while (SESSION_IDLE_MINUTES); every signed-in call
 * renews it. An administrator reading a page makes no call, though: while someone uses the portal
 * (pointer, keys, wheel, touch) and no call was answered for `quietMs`, one light call
 * (GET /auth/session) renews the session. Nobody at the screen: no call, and the session ends.
 */
const quietMs = 4 * 60_000;
const activity = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

export function renewIfQuiet(now = Date.now()): Promise<void> | undefined {
  if (!session.token() || now - lastSignedInCallAt() < quietMs || inFlight) return undefined;
  inFlight = api<SessionInfo>('/auth/session')
    .then(() => undefined)
    // A session that had ended: 'Session expired. Please login again.' and signed out (lib/api-errors).
    .catch(handleApiError)
    .finally(() => (inFlight = undefined));
  return inFlight;
}
let inFlight: Promise<void> | undefined;

/** While mounted (the signed-in shell), activity keeps the session from going idle on the server. */
export function useKeepSessionAlive(): void {
  useEffect(() => {
    const onActivity = () => void renewIfQuiet();
    for (const type of activity) window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      for (const type of activity) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, []);
}
