/** Display helpers (docs/behaviour.md §2, §9), written once. */

// docs/behaviour.md §9 'N Hours M Minutes': the contract's, so the app's API shows the same text.
export { formatDuration } from '@strideadmin/contract';

/** docs/behaviour.md §2 Card Details: first letter capitalised. */
export function capitalizeFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A readable date string (docs/behaviour.md §2 "Valid Till (readable date string)"). Date-only
 * values stay on their day.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A readable date with a short month ("Jun 3, 2024"), for narrow table columns. */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A readable date and time (a send time, a received time), in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function formatNumber(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : n.toLocaleString();
}

export const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
