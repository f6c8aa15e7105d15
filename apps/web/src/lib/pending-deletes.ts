import { useSyncExternalStore } from 'react';
import { limits } from '@strideadmin/contract';
import { handleApiError } from './api-errors';
import { closeToast, showToast, updateToast } from './toast';

/**
 * Deletes that wait, with Undo in their toast, before the server is asked (docs/behaviour.md §12
 * "Selection and undo"). Module state, not a component's: moving to another screen of the portal
 * neither cancels nor loses a pending delete, and the page's unload sends them all.
 */

export interface CommitContext {
  /** The page is unloading: calls must outlive it (fetch keepalive), and nothing waits for them. */
  keepalive: boolean;
  /** Shows how far a long delete has got, in a toast of its own until the delete ends. */
  progress: (message: string) => void;
}

export interface PendingDeleteRequest {
  /** The list whose rows hide meanwhile: its API path ('/users'). */
  scope: string;
  ids: readonly number[];
  /** What the toast names: "3 users". */
  what: string;
  /** Asks the server, tells the result and refetches; rows stay hidden until it resolves. */
  commit: (ctx: CommitContext) => Promise<void>;
  /** The filters the rows were chosen under (a list counts these as gone while they are hidden). */
  listKey?: string;
}

interface Entry extends PendingDeleteRequest {
  key: number;
  state: 'waiting' | 'committing';
  toastId: number;
  progressToastId?: number;
  timer: ReturnType<typeof setTimeout>;
}

const entries = new Map<number, Entry>();
const listeners = new Set<() => void>();
let nextKey = 1;
let version = 0;

function changed() {
  version++;
  hiddenCache.clear();
  for (const l of listeners) l();
}

/**
 * Hides `ids` from their list and shows "<what> will be deleted." with Undo for limits.undoMs;
 * then, or at once when the toast is closed, commits. Returns the pending delete's key.
 */
export function scheduleDelete(request: PendingDeleteRequest): number {
  ensureUnloadHandler();
  const key = nextKey++;
  const toastId = showToast(`${request.what} will be deleted.`, 'info', {
    action: { label: 'Undo', onClick: () => undoDelete(key) },
    durationMs: null,
    onDismiss: () => void commitDelete(key),
  });
  const timer = setTimeout(() => void commitDelete(key), limits.undoMs);
  entries.set(key, { ...request, key, state: 'waiting', toastId, timer });
  changed();
  return key;
}

/** Undo: the rows come back and the server is never asked. False when it is already being sent. */
export function undoDelete(key: number): boolean {
  const entry = entries.get(key);
  if (!entry || entry.state !== 'waiting') return false;
  clearTimeout(entry.timer);
  closeToast(entry.toastId);
  entries.delete(key);
  changed();
  return true;
}

/** Asks the server now (time up, toast closed, page unloading); resolves when the delete has ended. */
export async function commitDelete(key: number, opts: { keepalive?: boolean } = {}): Promise<void> {
  const entry = entries.get(key);
  if (!entry || entry.state !== 'waiting') return;
  entry.state = 'committing';
  clearTimeout(entry.timer);
  closeToast(entry.toastId);
  const progress = (message: string) => {
    if (entry.progressToastId === undefined) entry.progressToastId = showToast(message, 'info', { durationMs: null });
    else updateToast(entry.progressToastId, { message });
  };
  try {
    await entry.commit({ keepalive: opts.keepalive ?? false, progress });
  } catch (err) {
    handleApiError(err);
  } finally {
    if (entry.progressToastId !== undefined) closeToast(entry.progressToastId);
  }
  // The refetched list reaches its screen on the query client's next tick (its notifications are
  // batched with a zero timeout): un-hide the rows after that, so a deleted row never flashes back.
  await new Promise((resolve) => setTimeout(resolve, 0));
  entries.delete(key);
  changed();
}

/** Sends every waiting delete at once (the page is unloading). */
export function commitAllPendingDeletes(opts: { keepalive?: boolean } = {}) {
  for (const key of [...entries.keys()]) void commitDelete(key, opts);
}

/** Sends every waiting delete now and waits for them (Logout: they go while the session still stands). */
export async function flushPendingDeletes(): Promise<void> {
  await Promise.all([...entries.keys()].map((key) => commitDelete(key)));
}

/** Drops every pending delete without asking the server (between tests). */
export function discardPendingDeletes() {
  for (const entry of entries.values()) {
    clearTimeout(entry.timer);
    closeToast(entry.toastId);
    if (entry.progressToastId !== undefined) closeToast(entry.progressToastId);
  }
  entries.clear();
  changed();
}

/** The pending deletes, oldest first (what they are, and whether they are being sent). */
export function pendingDeletes(): readonly Pick<Entry, 'key' | 'scope' | 'ids' | 'what' | 'state' | 'listKey'>[] {
  return [...entries.values()].map(({ key, scope, ids, what, state, listKey }) => ({
    key,
    scope,
    ids,
    what,
    state,
    listKey,
  }));
}

const hiddenCache = new Map<string, ReadonlySet<number>>();

/** The ids of a list hidden by pending deletes (the same Set until something changes). */
export function hiddenIds(scope: string): ReadonlySet<number> {
  let set = hiddenCache.get(scope);
  if (!set) {
    const ids = new Set<number>();
    for (const e of entries.values()) if (e.scope === scope) for (const id of e.ids) ids.add(id);
    set = ids;
    hiddenCache.set(scope, set);
  }
  return set;
}

/** How many hidden ids of a list were chosen under `listKey` (its filters). */
export function hiddenCountUnder(scope: string, listKey: string): number {
  let n = 0;
  for (const e of entries.values()) if (e.scope === scope && e.listKey === listKey) n += e.ids.length;
  return n;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/** Re-renders on any change of the pending deletes; returns a number that changes with them. */
export function usePendingDeletesVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}

/** A list's rows hidden by pending deletes. */
export function useHiddenIds(scope: string): ReadonlySet<number> {
  return useSyncExternalStore(
    subscribe,
    () => hiddenIds(scope),
    () => hiddenIds(scope),
  );
}

let unloadHandlerSet = false;
function ensureUnloadHandler() {
  if (unloadHandlerSet || typeof window === 'undefined') return;
  unloadHandlerSet = true;
  // The tab closes or goes elsewhere: what the admin chose to delete is deleted, not lost.
  const flush = () => commitAllPendingDeletes({ keepalive: true });
  window.addEventListener('pagehide', flush);
  window.addEventListener('beforeunload', flush);
}
