import { useSyncExternalStore } from 'react';
import { limits } from '@strideadmin/contract';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let toasts: readonly Toast[] = [];
let nextId = 1;

function set(next: readonly Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function dismissToast(id: number) {
  set(toasts.filter((t) => t.id !== id));
}

/** docs/behaviour.md §2/§9: toasts appear top-right and close by themselves after 3000 ms. */
export function showToast(message: string, kind: ToastKind = 'info'): number {
  // The same message twice at once (e.g. two failing loads) is shown once.
  const existing = toasts.find((t) => t.message === message && t.kind === kind);
  if (existing) return existing.id;
  const id = nextId++;
  set([...toasts, { id, kind, message }]);
  setTimeout(() => dismissToast(id), limits.toastMs);
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
