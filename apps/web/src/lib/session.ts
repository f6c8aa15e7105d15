import { useSyncExternalStore } from 'react';
import {
  storageKeys,
  type SessionUser,
  type StoredSession,
  type storedSessionSchema as StoredSessionSchema,
} from '@strideadmin/contract';
import { loadChunk } from './load-chunk';

/**
 * The signed-in session (docs/behaviour.md §3 Session user, §4 Auth): user (with roleName) + token, kept in
 * localStorage under a versioned key. Corrupt data is logged, treated as signed out and cleared.
 *
 * The full check of stored data is the contract's storedSessionSchema, so zod, which no first
 * screen needs: loading and running it before Home's first render cost the page about 24 KB and
 * its longest task (docs/decisions/0019-portal-loading.md). So a stored session is read at once
 * when it can be drawn from (JSON holding a non-empty token and a user object: anything less is
 * corrupt at once, as before), and the full check runs when the page is next idle; data it refuses
 * is then logged, cleared and signed out like any corrupt session. Once the check is loaded (it
 * comes with the first form too) every read runs it first. The server checks the token on every
 * call whatever this says.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredSession | null | undefined; // undefined = not initialised yet
let schema: typeof StoredSessionSchema | undefined;
let checkPending = false;

/** Loads the stored-session check (once). */
export async function loadSessionCheck(): Promise<void> {
  if (schema) return;
  schema = (await loadChunk(() => import('./session-check'))).storedSessionSchema;
}

function stored(): string | null {
  try {
    return localStorage.getItem(storageKeys.session);
  } catch {
    return null;
  }
}

/** What the shell needs to draw: a non-empty token and a user object (the schema checks the rest). */
function drawable(data: unknown): data is StoredSession {
  if (typeof data !== 'object' || data === null) return false;
  const { token, user } = data as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof user === 'object' && user !== null;
}

/** Runs `task` when the page is next idle (at the latest after 2 s). */
function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 50);
}

/**
 * The full check of `raw`, read before the check was loaded: loads it when the page is idle; data it
 * refuses is read again, now with the check, which logs it, clears it and signs out. A check that
 * cannot be loaded leaves the session as read (the next read after a later load checks it).
 */
function checkWhenIdle(raw: string) {
  if (checkPending) return;
  checkPending = true;
  whenIdle(() => {
    loadSessionCheck().then(
      () => {
        checkPending = false;
        if (stored() !== raw || current === null) return; // changed meanwhile: that read checked it
        if (schema!.safeParse(JSON.parse(raw)).success) return;
        current = undefined;
        emit();
      },
      () => {
        checkPending = false;
      },
    );
  });
}

function read(): StoredSession | null {
  const raw = stored();
  if (raw === null) return null;
  try {
    const data: unknown = JSON.parse(raw);
    if (schema) {
      const parsed = schema.safeParse(data);
      if (parsed.success) return parsed.data;
      throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    }
    if (!drawable(data)) throw new Error('no token or no user');
    checkWhenIdle(raw);
    return data;
  } catch (err) {
    console.error('Stored session is corrupt; signing out.', err);
    localStorage.removeItem(storageKeys.session);
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export const session = {
  /** Whether anything is stored (valid or not), without loading the check. */
  isStored: (): boolean => stored() !== null,
  get: (): StoredSession | null => {
    if (current === undefined) current = read();
    return current;
  },
  token: (): string | null => {
    return session.get()?.token ?? null;
  },
  signIn: (user: SessionUser, token: string) => {
    current = { user, token };
    localStorage.setItem(storageKeys.session, JSON.stringify(current));
    emit();
  },
  /** docs/behaviour.md §4: profile update merges new fields into the stored user. */
  mergeUser: (fields: Partial<SessionUser>) => {
    const s = session.get();
    if (!s) return;
    // The shell's refresh on load usually brings what is already there: then nothing is written and
    // nothing re-renders (every screen reading the session would, on each load).
    const user = s.user as Record<string, unknown>;
    if (Object.entries(fields).every(([k, v]) => JSON.stringify(user[k]) === JSON.stringify(v))) return;
    current = { ...s, user: { ...s.user, ...fields } };
    localStorage.setItem(storageKeys.session, JSON.stringify(current));
    emit();
  },
  signOut: () => {
    current = null;
    localStorage.removeItem(storageKeys.session);
    emit();
  },
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Tests only: forget the cached value so the next get() reads storage again; `withoutCheck`: as
   * on a page that has not loaded the full check yet. */
  reset: (opts: { withoutCheck?: boolean } = {}) => {
    current = undefined;
    if (opts.withoutCheck) schema = undefined;
  },
};

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === storageKeys.session || e.key === null) {
      current = undefined;
      emit();
    }
  });
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}
