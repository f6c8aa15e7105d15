import { useSyncExternalStore } from 'react';
import { limits } from '@strideadmin/contract';

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastAction {
  label: string;
  onClick: () => void;
}
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** A button beside the message (Undo). */
  action?: ToastAction;
}
export interface ToastOptions {
  action?: ToastAction;
  /** How long it stays: limits.toastMs unless said; null stays until dismissed (its owner closes it). */
  durationMs?: number | null;
  /** Called once when the toast is closed before its time: its close button, or dismissToast. */
  onDismiss?: () => void;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let toasts: readonly Toast[] = [];
let nextId = 1;
const onDismissOf = new Map<number, () => void>();

function set(next: readonly Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

/** Closes a toast; its onDismiss, if any, runs. */
export function dismissToast(id: number) {
  const onDismiss = onDismissOf.get(id);
  closeToast(id);
  onDismiss?.();
}

/** Closes a toast without running its onDismiss (its owner closes it: time up, Undo). */
export function closeToast(id: number) {
  onDismissOf.delete(id);
  if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
}

/** Changes an open toast's text (a long delete's progress); a closed one stays closed. */
export function updateToast(id: number, patch: Partial<Pick<Toast, 'message' | 'kind' | 'action'>>) {
  if (toasts.some((t) => t.id === id)) set(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

/** docs/behaviour.md §2/§9: toasts appear top-right and close by themselves after 3000 ms. */
export function showToast(message: string, kind: ToastKind = 'info', opts: ToastOptions = {}): number {
  const { action, durationMs = limits.toastMs, onDismiss } = opts;
  // The same message twice at once (e.g. two failing loads) is shown once; a toast with an action
  // belongs to its owner and is never merged.
  const existing = action ? undefined : toasts.find((t) => t.message === message && t.kind === kind && !t.action);
  if (existing) return existing.id;
  const id = nextId++;
  set([...toasts, action ? { id, kind, message, action } : { id, kind, message }]);
  if (onDismiss) onDismissOf.set(id, onDismiss);
  if (durationMs !== null) setTimeout(() => closeToast(id), durationMs);
  return id;
}

export const toast = {
  success: (m: string) => showToast(m, 'success'),
  error: (m: string) => showToast(m, 'error'),
  info: (m: string) => showToast(m, 'info'),
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => toasts,
  );
}
