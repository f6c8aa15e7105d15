import { and, count, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { type Dashboard, type DashboardPoint, type DateRange, todayIso } from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { complaintQueries, dailyStats, giftCards, hourlyStats, users } from '../../db/schema.js';

type Granularity = Exclude<Dashboard['granularity'], 'hour'>;

/**
 * docs/behaviour.md §9 date ranges, in the DATABASE's calendar days (current_date), as the daily_stats triggers
 * count them: Today; Week = the last 7 days with today; Month = the last 30 days; Year = the last
 * 12 months with the current one (from the 1st of the month 11 months ago); All = since the first
 * day with data (today when there is none). Day points for Week and Month, month points after;
 * Today is drawn by hour (hourlySeries), its totals still the day's.
 */
const ranges: Record<DateRange, { from: SQL; granularity: Granularity }> = {
  Today: { from: sql`current_date`, granularity: 'day' },
  Week: { from: sql`current_date - 6`, granularity: 'day' },
  Month: { from: sql`current_date - 29`, granularity: 'day' },
  Year: { from: sql`(date_trunc('month', current_date) - interval '11 months')::date`, granularity: 'month' },
  All: {
    from: sql`coalesce((select min(${dailyStats.day}) from ${dailyStats} where ${dailyStats.day} <= current_date), current_date)`,
    granularity: 'month',
  },
};

const step: Record<Granularity, SQL> = { day: sql`interval '1 day'`, month: sql`interval '1 month'` };
const periodFormat: Record<Granularity, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM' };

/** bigint sums arrive as strings (pg) or numbers (PGlite); every figure fits a double exactly. */
type Figure = string | number | bigint;
interface SeriesRow {
  period: string;
  newUsers: Figure;
  activeWalkers: Figure;
  steps: Figure;
  coinsEarned: Figure;
  coinsSpent: Figure;
  giftCardsRedeemed: Figure;
}

const toPoint = (r: SeriesRow): DashboardPoint => ({
  period: r.period,
  newUsers: Number(r.newUsers),
  activeWalkers: Number(r.activeWalkers),
  steps: Number(r.steps),
  coinsEarned: Number(r.coinsEarned),
  coinsSpent: Number(r.coinsSpent),
  giftCardsRedeemed: Number(r.giftCardsRedeemed),
});

/**
 * One point per day (or month) of [from, to], zero-filled by generate_series, summed from
 * daily_stats: at most a few hundred rows of the summary table, whatever the number of users
 * (decision 0010). Days after `to` (none in real data) stay out, also from the current month.
 * activeWalkers of a day is that day's walkers; of a month, the average of its daily walkers over
 * the month's days inside the range (rounded), since the same walker walks on many days.
 */
async function series(db: Db, from: string, to: string, granularity: Granularity): Promise<DashboardPoint[]> {
  const first = granularity === 'day' ? sql`${from}::date` : sql`date_trunc('month', ${from}::date)`;
  const days = sql`(least((p.start + ${step[granularity]})::date - 1, ${to}::date) - greatest(p.start, ${from}::date) + 1)`;
  const rows = rowsOf<SeriesRow>(
    await db.execute(sql`
      with periods as (
        select p::date as start
        from generate_series(${first}::timestamp, ${to}::timestamp, ${step[granularity]}) as p
      )
      select to_char(p.start, ${periodFormat[granularity]}) as "period",
        coalesce(sum(s.new_users), 0)::bigint as "newUsers",
        round(coalesce(sum(s.active_walkers), 0)::numeric / ${days})::bigint as "activeWalkers",
        coalesce(sum(s.steps), 0)::bigint as "steps",
        coalesce(sum(s.coins_earned), 0)::bigint as "coinsEarned",
        coalesce(sum(s.coins_spent), 0)::bigint as "coinsSpent",
        coalesce(sum(s.gift_cards_redeemed), 0)::bigint as "giftCardsRedeemed"
      from periods p
      left join ${dailyStats} s
        on s.day >= p.start and s.day < (p.start + ${step[granularity]})::date
        and s.day between ${from}::date and ${to}::date
      group by p.start
      order by p.start`),
  );
  return rows.map(toPoint);
}

/**
 * Today by hour: the hours of the database's current day up to the current one, zero-filled,
 * from hourly_stats (24 rows at most). activeWalkers is the running count of the day's walkers so far: each hour adds
 * the users whose first steps of the day arrived in it, so the last hour is the day's figure.
 */
async function hourlySeries(db: Db): Promise<DashboardPoint[]> {
  const rows = rowsOf<SeriesRow>(
    await db.execute(sql`
      select to_char(h.hour, 'YYYY-MM-DD"T"HH24:00') as "period",
        coalesce(s.new_users, 0)::bigint as "newUsers",
        (sum(coalesce(s.active_walkers, 0)) over (order by h.hour))::bigint as "activeWalkers",
        coalesce(s.steps, 0)::bigint as "steps",
        coalesce(s.coins_earned, 0)::bigint as "coinsEarned",
        coalesce(s.coins_spent, 0)::bigint as "coinsSpent",
        coalesce(s.gift_cards_redeemed, 0)::bigint as "giftCardsRedeemed"
      from generate_series(
        current_date::timestamptz,
        -- The current hour, or a later one of today's that already has figures (a clock set back).
        greatest(date_trunc('hour', now()), (select max(${hourlyStats.hour}) from ${hourlyStats} where ${hourlyStats.hour} < current_date + 1)),
        interval '1 hour'
      ) as h(hour)
      left join ${hourlyStats} s on s.hour = h.hour
      order by h.hour`),
  );
  return rows.map(toPoint);
}

/**
 * Distinct users who walked since `from`: users whose last day with steps is on or after it (an
 * index range count on users_last_walked_on_idx). Exact because no step day is in the future: a
 * user who walked in the range and not after it has it as the last day, one who walked again
 * later too.
 */
async function distinctWalkers(db: Db, from: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(gte(users.lastWalkedOn, from));
  return row?.n ?? 0;
}

/**
 * Gift cards in stock now: never redeemed (no owner, no redemption time) and not expired. For a
 * card never redeemed, modules/gift-cards/expiry.ts's rule comes down to Valid Till before today
 * (the server's todayIso, as the card list's isExpired filter counts it), so the count is a range
 * on gift_cards_valid_till_idx.
 */
async function giftCardsInStock(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(giftCards)
    .where(and(isNull(giftCards.userId), isNull(giftCards.redeemedAt), gte(giftCards.validTill, todayIso(now))));
  return row?.n ?? 0;
}

/** Unread complaint queries (the few rows of the partial index messages_unread_idx). */
async function unreadQueries(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(complaintQueries).where(eq(complaintQueries.isRead, false));
  return row?.n ?? 0;
}

const sum = (points: DashboardPoint[], key: Exclude<keyof DashboardPoint, 'period'>) =>
  points.reduce((total, p) => total + p[key], 0);

/**
 * GET /dashboard?range= (docs/behaviour.md §11 Home dashboard): the range's bounds in the database's
 * days, then its series, its distinct walkers and the live counts in parallel. The totals of the
 * summed figures are the sums of the series (the series covers exactly the range's days).
 */
export async function getDashboard(db: Db, range: DateRange, now: Date = new Date()): Promise<Dashboard> {
  const { from: fromSql, granularity } = ranges[range];
  const [bounds] = rowsOf<{ from: string; to: string }>(
    await db.execute(
      sql`select to_char(${fromSql}, 'YYYY-MM-DD') as "from", to_char(current_date, 'YYYY-MM-DD') as "to"`,
    ),
  );
  if (!bounds) throw new Error('the range bounds query answered no row');
  const { from, to } = bounds;

  const [points, hours, walkers, inStock, unread] = await Promise.all([
    series(db, from, to, granularity),
    range === 'Today' ? hourlySeries(db) : undefined,
    distinctWalkers(db, from),
    giftCardsInStock(db, now),
    unreadQueries(db),
  ]);
  return {
    range,
    from,
    to,
    granularity: hours ? 'hour' : granularity,
    totals: {
      newUsers: sum(points, 'newUsers'),
      activeWalkers: walkers,
      steps: sum(points, 'steps'),
      coinsEarned: sum(points, 'coinsEarned'),
      coinsSpent: sum(points, 'coinsSpent'),
      giftCardsRedeemed: sum(points, 'giftCardsRedeemed'),
      giftCardsInStock: inStock,
      unreadQueries: unread,
    },
    // The totals are the day's (daily_stats holds the activity of hours before hourly_stats existed).
    series: hours ?? points,
  };
}
