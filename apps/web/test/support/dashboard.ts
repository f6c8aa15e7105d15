import type { Dashboard, DashboardPoint, DateRange } from '@strideadmin/contract';

const pointCount: Record<DateRange, number> = { Today: 15, Week: 7, Month: 30, Year: 12, All: 3 };

/**
 * A GET /dashboard body for `range` ending on 2025-06-15: one point per hour (Today: 00:00 to
 * 14:00, as the server answers at 14:30), day (Week, Month) or month (Year: 12; All: 3, since
 * 2025-04-10), each figure `figure(i, key)` (zeros by default).
 */
export function makeDashboard(
  range: DateRange,
  figure: (i: number, key: Exclude<keyof DashboardPoint, 'period'>) => number = () => 0,
  totals: Partial<Dashboard['totals']> = {},
): Dashboard {
  const n = pointCount[range];
  const granularity = range === 'Today' ? 'hour' : range === 'Year' || range === 'All' ? 'month' : 'day';
  const periods = Array.from({ length: n }, (_, i) => {
    if (granularity === 'hour') return `2025-06-15T${String(i).padStart(2, '0')}:00`;
    const back = n - 1 - i;
    const d = granularity === 'day' ? new Date(Date.UTC(2025, 5, 15 - back)) : new Date(Date.UTC(2025, 5 - back, 1));
    return granularity === 'day' ? d.toISOString().slice(0, 10) : d.toISOString().slice(0, 7);
  });
  const series = periods.map((period, i) => ({
    period,
    newUsers: figure(i, 'newUsers'),
    activeWalkers: figure(i, 'activeWalkers'),
    steps: figure(i, 'steps'),
    coinsEarned: figure(i, 'coinsEarned'),
    coinsSpent: figure(i, 'coinsSpent'),
    giftCardsRedeemed: figure(i, 'giftCardsRedeemed'),
  }));
  const sum = (key: Exclude<keyof DashboardPoint, 'period'>) => series.reduce((s, p) => s + p[key], 0);
  const from = { Today: '2025-06-15', Week: '2025-06-09', Month: '2025-05-17', Year: '2024-07-01', All: '2025-04-10' };
  return {
    range,
    from: from[range],
    to: '2025-06-15',
    granularity,
    totals: {
      newUsers: sum('newUsers'),
      activeWalkers: sum('activeWalkers'),
      steps: sum('steps'),
      coinsEarned: sum('coinsEarned'),
      coinsSpent: sum('coinsSpent'),
      giftCardsRedeemed: sum('giftCardsRedeemed'),
      giftCardsInStock: 0,
      unreadQueries: 0,
      ...totals,
    },
    series,
  };
}
