import { todayIso } from '@strideadmin/contract';

export const minute = 60 * 1000;
export const hour = 60 * minute;
export const day = 24 * hour;

/**
 * YYYY-MM-DD `days` from today (negative: in the past), on the local calendar the server's todayIso
 * counts by.
 */
export function dateIn(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return todayIso(d);
}

/** An ISO date-time `hours` from now (negative: in the past), as the portal's forms send it. */
export const isoIn = (hours: number) => new Date(Date.now() + hours * hour).toISOString();
