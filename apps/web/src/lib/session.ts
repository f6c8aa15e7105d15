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
 * The check of stored data (the contract's storedSessionSchema, so zod) is loaded on demand:
 * `session.ready()` loads it when something is stored, and main.tsx awaits it before the first
 * render, so a signed-out visitor's /login never downloads zod.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredSession | null | undefined; // undefined = not initialised yet
let schema: typeof StoredSessionSchema | undefined;
let loadFailure: Error | undefined; // the ChunkLoadError of a check that could not be loaded

/** Loads the stored-session check (once). */
export async function loadSessionCheck(): Promise<void> {
  if (schema) return;
  try {
    schema = (await loadChunk(() => import('./session-check'))).storedSessionSchema;
    loadFailure = undefined;
  } catch (err) {
    loadFailure = err instanceof Error ? err : new Error(String(err));
    throw err;
  }
}

function stored(): string | null {
  try {
    return localStorage.getItem(storageKeys.session);
  } catch {
    return null;
  }
}

function read(): StoredSession | null {
  const raw = stored();
  if (raw === null) return null;
  // session.ready() (main.tsx) and the storage listener load the check before any read of data;
  // if it could not be loaded, the route's error element offers a retry (a ChunkLoadError).
  if (!schema) throw loadFailure ?? new Error('The stored-session check is not loaded: await session.ready() first.');
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
    throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
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
  /** Resolves when get() can read what is stored (loads the check only when something is). */
  ready: async (): Promise<void> => {
    // Nothing to check when this page already holds the session (a sign-in here just stored it).
    if (current === undefined && !schema && stored() !== null) await loadSessionCheck();
  },
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
  /** Tests only: forget the cached value so the next get() reads storage again. */
  reset: () => {
    current = undefined;
  },
};

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === storageKeys.session || e.key === null) {
      const reread = () => {
        current = undefined;
        emit();
      };
      // Synchronously when nothing needs loading; a failed load: the read shows it, with a retry.
      if (schema || stored() === null) reread();
      else loadSessionCheck().then(reread, reread);
    }
  });
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}
