/** A native `datetime-local` input holds local time without an offset; the API takes instants. */

/** A Date as a datetime-local input's value (local time, to the minute). */
export function toDateTimeLocal(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value as the instant it means, in ISO form with its offset (what the contract's
 * date-time fields take). Empty is null; something that is no time at all is kept as typed, so the
 * schema says it is not valid. Use as react-hook-form's `setValueAs`.
 */
export function instantFromDateTimeLocal(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
