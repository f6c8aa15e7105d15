import { useSyncExternalStore } from 'react';
import { storageKeys, storedSessionSchema, type SessionUser, type StoredSession } from '@strideadmin/contract';

/**
 * The signed-in session (spec §3 Session user, §4 Auth): user (with roleName) + token, kept in
 * localStorage under a versioned key. Corrupt data is logged, treated as signed out and cleared.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let current: StoredSession | null | undefined; // undefined = not initialised yet

function read(): StoredSession | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKeys.session);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
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
  /** spec §4: profile update merges new fields into the stored user. */
  mergeUser: (fields: Partial<SessionUser>) => {
    const s = session.get();
    if (!s) return;
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
      current = undefined;
      emit();
    }
  });
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(session.subscribe, session.get, () => null);
}
