// Small statistics and formatting helpers shared by the bench sections.

/** The p-th percentile (0–100) of xs, nearest-rank. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (xs: number[]) => percentile(xs, 50);

/** Rounded to `digits` decimals (figures in latest.json). */
export const round = (n: number, digits = 1) => +n.toFixed(digits);

export const ms = (n: number) => `${n.toFixed(1)} ms`;
export const count = (n: number) => n.toLocaleString('en-US');
export const ratio = (n: number) => `${n.toFixed(2)}×`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** "✓" when a figure meets its goal, "✗ missed" otherwise (the bench prints; it never fails). */
export const verdict = (met: boolean) => (met ? '✓' : '✗ missed');
