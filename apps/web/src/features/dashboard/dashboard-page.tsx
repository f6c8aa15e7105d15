import { useRef } from 'react';
import { type Dashboard, dateRangeOptions, type DateRange } from '@strideadmin/contract';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { Select } from '../../components/select';
import { Spinner } from '../../components/spinner';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDashboard } from './api/get-dashboard';
import { StatTile, StatTileSkeleton } from './stat-tile';
import { chartWidth, TimeChart } from './time-chart';
import { useElementWidth } from './use-element-width';
import { useRangeParam } from './use-range-param';

type Totals = Dashboard['totals'];

/** What the range-bound figures count, under each tile. */
function rangeHint(d: Dashboard): string {
  if (d.range === 'All') return `Since ${formatDate(d.from)}`;
  const hints: Record<Exclude<DateRange, 'All'>, string> = {
    Today: 'Today',
    Week: 'Last 7 days',
    Month: 'Last 30 days',
    Year: 'Last 12 months',
  };
  return hints[d.range];
}

/** The tiles of docs/behaviour.md §11, each linked to the list behind it where the list can show it. */
const tiles: ReadonlyArray<{ key: keyof Totals; label: string; to?: string; hint?: (d: Dashboard) => string }> = [
  { key: 'newUsers', label: 'New users', to: paths.userList },
  { key: 'activeWalkers', label: 'Active walkers', hint: (d) => `${rangeHint(d)} · different users who walked` },
  { key: 'steps', label: 'Steps' },
  { key: 'coinsEarned', label: 'Coins earned', hint: (d) => `${rangeHint(d)} · steps, quiz and gift boxes` },
  { key: 'coinsSpent', label: 'Coins spent', hint: (d) => `${rangeHint(d)} · on gift cards` },
  { key: 'giftCardsRedeemed', label: 'Gift cards redeemed' },
  {
    key: 'giftCardsInStock',
    label: 'Gift cards in stock',
    to: `${paths.cardList}?isExpired=false`,
    hint: () => 'Now · not redeemed, not expired',
  },
  {
    key: 'unreadQueries',
    label: 'Unread queries',
    to: `${paths.queryList}?isRead=false`,
    hint: () => 'Now · complaint queries to read',
  },
];

/** `/` (docs/behaviour.md §2 Home, §11 Home dashboard): the range's figures and charts, one call. */
export function DashboardPage() {
  const s = useSession();
  const [range, setRange] = useRangeParam();
  const dashboard = useDashboard(range);
  const d = dashboard.data;
  const busy = dashboard.isPending || dashboard.isPlaceholderData;

  return (
    <section>
      <PageHeader
        title={`Welcome, ${s?.user.name ?? ''}`}
        description="What the app's users did in the chosen period, and what needs your attention now."
        actions={
          <>
            {dashboard.isFetching && !dashboard.isPending && (
              <Spinner className="size-5 self-end mb-2.5 text-slate-400" />
            )}
            <div className="w-44">
              <Select label="Date range" options={dateRangeOptions} value={range} onChange={setRange} name="range" />
            </div>
          </>
        }
      />
      {dashboard.isError && !d ? (
        <div className="rounded-xl border border-slate-200 bg-white px-6 py-10 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <ErrorState
            title="Could not load the dashboard"
            error={dashboard.error}
            onRetry={() => void dashboard.refetch()}
            retrying={dashboard.isFetching}
          />
        </div>
      ) : (
        <div aria-busy={busy} className={`transition-opacity ${dashboard.isPlaceholderData ? 'opacity-60' : ''}`}>
          {!d && (
            <p role="status" className="sr-only">
              Loading the dashboard
            </p>
          )}
          <h2 className="sr-only">Figures</h2>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            {d
              ? tiles.map((t) => (
                  <StatTile
                    key={t.key}
                    label={t.label}
                    value={d.totals[t.key]}
                    hint={t.hint ? t.hint(d) : rangeHint(d)}
                    to={t.to}
                  />
                ))
              : tiles.map((t) => <StatTileSkeleton key={t.key} />)}
          </div>
          <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
            {d ? <Charts dashboard={d} /> : [1, 2, 3, 4].map((n) => <ChartSkeleton key={n} />)}
          </div>
        </div>
      )}
    </section>
  );
}

/** The series of the range: steps, walkers, coins earned against spent, sign-ups. */
function Charts({ dashboard: d }: { dashboard: Dashboard }) {
  const periods = d.series.map((p) => p.period);
  const per = { hour: 'per hour today', day: 'per day', month: 'per month' }[d.granularity];
  const common = { periods, granularity: d.granularity } as const;
  return (
    <>
      <TimeChart
        {...common}
        title="Steps"
        description={`All users' steps, ${per}`}
        kind="line"
        unit="steps"
        series={[{ label: 'Steps', colour: 'indigo', values: d.series.map((p) => p.steps) }]}
      />
      <TimeChart
        {...common}
        title="Active walkers"
        // decision 0010: a month point is the average of its days' walkers (one walker walks on many days).
        description={
          {
            hour: 'Users who walked today so far, by hour',
            day: 'Users who walked, per day',
            month: 'Average users who walked a day, per month',
          }[d.granularity]
        }
        unit={{ hour: 'walkers so far', day: 'walkers', month: 'walkers a day on average' }[d.granularity]}
        series={[{ label: 'Active walkers', colour: 'emerald', values: d.series.map((p) => p.activeWalkers) }]}
      />
      <TimeChart
        {...common}
        title="Coins earned and spent"
        description={`Coins earned (steps, quiz, gift boxes) and spent (gift cards), ${per}`}
        unit="coins"
        series={[
          { label: 'Earned', colour: 'amber', values: d.series.map((p) => p.coinsEarned) },
          { label: 'Spent', colour: 'rose', values: d.series.map((p) => p.coinsSpent) },
        ]}
      />
      <TimeChart
        {...common}
        title="New users"
        description={`App users who signed up, ${per}`}
        unit="new users"
        series={[{ label: 'New users', colour: 'sky', values: d.series.map((p) => p.newUsers) }]}
      />
    </>
  );
}

function ChartSkeleton() {
  // The chart's box, measured while the data loads: the charts then draw once, at their width.
  const box = useRef<HTMLDivElement>(null);
  useElementWidth(box, chartWidth);
  return (
    <div
      aria-hidden="true"
      data-testid="chart-skeleton"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="h-4 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div className="mt-2 h-3 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
      <div ref={box} className="mt-4 h-52 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
    </div>
  );
}
