import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dashboard, type DashboardPoint, type DateRange, dateRanges } from '@strideadmin/contract';
import { coinLedger, roles, stepLogs, users } from '../../../src/db/schema.js';
import {
  buildTestApp,
  createComplaintQuery,
  createGiftCard,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../../helpers/index.js';

const dayMs = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD `n` days before the ISO day `day` (calendar arithmetic, no time zone involved). */
function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * dayMs).toISOString().slice(0, 10);
}
/** The first day of the month `n` months before the month of `day`. */
function monthStartBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 10);
}
/** The consecutive days from..to. */
function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = daysBefore(d, -1)) out.push(d);
  return out;
}
/** The consecutive months (YYYY-MM) of from..to. */
function monthsFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = monthStartBefore(`${m}-01`, -1).slice(0, 7)) out.push(m);
  return out;
}

/** The database's calendar day (current_date), which the dashboard and the triggers count in. */
async function databaseToday(t: TestApp): Promise<string> {
  const raw: unknown = await t.db.execute(sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
  const today = (raw as { rows: Array<{ today: string }> }).rows[0]?.today;
  if (!today) throw new Error('no current_date');
  return today;
}

/** The hours (YYYY-MM-DDTHH:00) of the database's day up to its current hour, or `until` if later. */
async function databaseHoursSoFar(t: TestApp, until = '00'): Promise<string[]> {
  const raw: unknown = await t.db.execute(sql`select to_char(date_trunc('hour', now()), 'YYYY-MM-DD"T"HH24') as h`);
  const now = (raw as { rows: Array<{ h: string }> }).rows[0]!.h;
  const day = now.slice(0, 10);
  const last = Math.max(Number(now.slice(11, 13)), Number(until));
  return Array.from({ length: last + 1 }, (_, h) => `${day}T${String(h).padStart(2, '0')}:00`);
}

/** A moment at noon of the database day `day`, as SQL (so its created_at::date is that day). */
const noonOf = (day: string) => sql`(${day}::date + time '12:00')::timestamptz`;

async function getDashboard(t: TestApp, admin: LoggedIn, range: DateRange): Promise<Dashboard> {
  const res = await t.app.inject({ url: '/api/dashboard', query: { range }, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().body as Dashboard;
}

const zeroFigures = {
  newUsers: 0,
  activeWalkers: 0,
  steps: 0,
  coinsEarned: 0,
  coinsSpent: 0,
  giftCardsRedeemed: 0,
};

describe('GET /api/dashboard on a database with nothing but an administrator', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let today: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    today = await databaseToday(t);
  });
  afterAll(() => t?.close());

  it('answers zeros, not an error, with every period of the range present', async () => {
    const expected: Record<DateRange, { from: string; granularity: Dashboard['granularity']; periods: string[] }> = {
      // Today by hour, from midnight to the current hour.
      Today: { from: today, granularity: 'hour', periods: await databaseHoursSoFar(t) },
      Week: { from: daysBefore(today, 6), granularity: 'day', periods: daysFrom(daysBefore(today, 6), today) },
      Month: { from: daysBefore(today, 29), granularity: 'day', periods: daysFrom(daysBefore(today, 29), today) },
      Year: {
        from: monthStartBefore(today, 11),
        granularity: 'month',
        periods: monthsFrom(monthStartBefore(today, 11), today),
      },
      // No day with data yet: All starts today (the administrator is not an app user).
      All: { from: today, granularity: 'month', periods: [today.slice(0, 7)] },
    };
    for (const range of dateRanges) {
      const d = await getDashboard(t, admin, range);
      const want = expected[range];
      expect(d, range).toMatchObject({ range, from: want.from, to: today, granularity: want.granularity });
      expect(d.totals, range).toEqual({ ...zeroFigures, giftCardsInStock: 0, unreadQueries: 0 });
      expect(
        d.series.map((p) => p.period),
        range,
      ).toEqual(want.periods);
      for (const p of d.series) expect(p, `${range} ${p.period}`).toEqual({ period: p.period, ...zeroFigures });
    }
    expect(expected.Week.periods).toHaveLength(7);
    expect(expected.Month.periods).toHaveLength(30);
    expect(expected.Year.periods).toHaveLength(12);
  });
});

/**
 * App activity put into the real tables (users, step_logs, coin_ledger) on known days; the
 * statement-level triggers of migration 0005 fill daily_stats, which this test never writes.
 */
describe('GET /api/dashboard figures', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let today: string;

  /** App users by the day offset they signed up on (0 = today). */
  const signUps = [0, 0, 1, 3, 20, 100, 400];
  /** [user index, days ago, steps]; the users' last_walked_on follows, as the app's steps call keeps it. */
  const walks: Array<[number, number, number]> = [
    [0, 0, 1000],
    [0, 1, 500],
    [1, 2, 0], // synced, but no steps: not a walker
    [2, 3, 2000],
    [3, 3, 700],
    [4, 20, 3000],
    [4, 25, 300],
    [5, 100, 4000],
    [6, 400, 5000],
  ];
  /** [user index, days ago, kind, amount]. */
  const ledger: Array<[number, number, 'steps' | 'quiz' | 'giftbox' | 'redeem' | 'adjustment', number]> = [
    [0, 0, 'steps', 10],
    [0, 0, 'quiz', 5],
    [0, 0, 'redeem', -30],
    [0, 0, 'adjustment', 1000], // an admin's change is neither earned nor spent
    [2, 3, 'giftbox', 7],
    [2, 3, 'redeem', -50],
    [4, 20, 'steps', 30],
    [5, 100, 'redeem', -200],
    [6, 400, 'steps', 50],
  ];

  const dayOf = (daysAgo: number) => daysBefore(today, daysAgo);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    today = await databaseToday(t);

    // Today's sign-ups through the factory; earlier ones straight into users with their day.
    const [userRole] = await t.db.select().from(roles).where(eq(roles.name, 'User'));
    const ids: number[] = [];
    for (const [i, daysAgo] of signUps.entries()) {
      if (daysAgo === 0) {
        ids.push((await createUser(t.db)).id);
        continue;
      }
      const [row] = await t.db
        .insert(users)
        .values({
          name: `Walker ${i}`,
          email: `walker${i}@example.com`,
          roleId: userRole!.id,
          createdAt: noonOf(dayOf(daysAgo)),
        })
        .returning({ id: users.id });
      ids.push(row!.id);
    }

    await t.db
      .insert(stepLogs)
      .values(walks.map(([u, daysAgo, steps]) => ({ userId: ids[u]!, day: dayOf(daysAgo), steps })));
    for (const [u, id] of ids.entries()) {
      const walked = walks.filter(([w, , steps]) => w === u && steps > 0).map(([, daysAgo]) => daysAgo);
      if (walked.length > 0)
        await t.db
          .update(users)
          .set({ lastWalkedOn: dayOf(Math.min(...walked)) })
          .where(eq(users.id, id));
    }
    await t.db.insert(coinLedger).values(
      ledger.map(([u, daysAgo, kind, amount]) => ({
        userId: ids[u]!,
        kind,
        amount,
        createdAt: noonOf(dayOf(daysAgo)),
      })),
    );

    // A sync dated after today (a phone whose clock ran ahead) stays out of every range.
    await t.db.insert(stepLogs).values({ userId: ids[1]!, day: daysBefore(today, -3), steps: 99_999 });

    // Gift cards: in stock = never redeemed and not expired now.
    const owner = ids[0]!;
    await createGiftCard(t.db, { validTill: dateIn(30) });
    await createGiftCard(t.db, { validTill: dateIn(365) });
    await createGiftCard(t.db, { validTill: dateIn(0) }); // valid all of today
    await createGiftCard(t.db, { validTill: dateIn(-1) }); // expired
    await createGiftCard(t.db, { userId: owner, redeemedAt: new Date(), expiryDuration: 60 }); // redeemed, still valid
    await createGiftCard(t.db, { userId: owner, redeemedAt: new Date(Date.now() - 2 * dayMs), expiryDuration: 0 });
    // Redeemed by a user since deleted (owner set null): still not in stock.
    await createGiftCard(t.db, { userId: null, redeemedAt: new Date(Date.now() - dayMs), expiryDuration: 0 });

    await createComplaintQuery(t.db, { userId: owner, isRead: false });
    await createComplaintQuery(t.db, { userId: owner, isRead: false });
    await createComplaintQuery(t.db, { userId: null, isRead: false });
    await createComplaintQuery(t.db, { userId: owner, isRead: true });
  });
  afterAll(() => t?.close());

  /** The range's figures, counted from the rows this test made. */
  function expectedTotals(from: string) {
    const inRange = (daysAgo: number) => dayOf(daysAgo) >= from && daysAgo >= 0;
    const entries = ledger.filter(([, daysAgo]) => inRange(daysAgo));
    const lastWalked = new Map<number, number>();
    for (const [u, daysAgo, steps] of walks)
      if (steps > 0) lastWalked.set(u, Math.min(daysAgo, lastWalked.get(u) ?? Infinity));
    return {
      newUsers: signUps.filter(inRange).length,
      activeWalkers: [...lastWalked.values()].filter(inRange).length,
      steps: walks.filter(([, daysAgo]) => inRange(daysAgo)).reduce((s, [, , steps]) => s + steps, 0),
      coinsEarned: entries
        .filter(([, , kind]) => ['steps', 'quiz', 'giftbox'].includes(kind))
        .reduce((s, e) => s + e[3], 0),
      coinsSpent: entries.filter(([, , kind]) => kind === 'redeem').reduce((s, e) => s - e[3], 0),
      giftCardsRedeemed: entries.filter(([, , kind]) => kind === 'redeem').length,
      giftCardsInStock: 3,
      unreadQueries: 3,
    };
  }

  it('Today: the figures of today, drawn by hour; the hours add up to the day', async () => {
    const d = await getDashboard(t, admin, 'Today');
    expect(d.totals).toEqual({
      newUsers: 2,
      activeWalkers: 1,
      steps: 1000,
      coinsEarned: 15,
      coinsSpent: 30,
      giftCardsRedeemed: 1,
      giftCardsInStock: 3,
      unreadQueries: 3,
    });
    expect(d.granularity).toBe('hour');
    // Midnight to the current hour, or to noon, where this test dated today's coins (the hour
    // may turn between the call and the clock's reading).
    const hours = await databaseHoursSoFar(t, '12');
    expect([hours, hours.slice(0, -1)]).toContainEqual(d.series.map((p) => p.period));
    const at = (hour: string) => d.series.find((p) => p.period === hour)!;
    // The sign-ups and the step sync were recorded together, in the hour the test set them up; the coins were dated noon.
    const synced = d.series.findIndex((p) => p.steps > 0);
    expect(d.series[synced]).toMatchObject({ newUsers: 2, steps: 1000 });
    expect(at(`${today}T12:00`)).toMatchObject({ coinsEarned: 15, coinsSpent: 30, giftCardsRedeemed: 1 });
    const total = (key: 'newUsers' | 'steps' | 'coinsEarned' | 'coinsSpent' | 'giftCardsRedeemed') =>
      d.series.reduce((s, p) => s + p[key], 0);
    expect({
      newUsers: total('newUsers'),
      steps: total('steps'),
      coinsEarned: total('coinsEarned'),
      coinsSpent: total('coinsSpent'),
      giftCardsRedeemed: total('giftCardsRedeemed'),
    }).toEqual({ newUsers: 2, steps: 1000, coinsEarned: 15, coinsSpent: 30, giftCardsRedeemed: 1 });
    // Walkers so far: none before the hour the first steps came, the day's walkers from it on.
    expect(d.series.map((p) => p.activeWalkers)).toEqual(d.series.map((_, i) => (i < synced ? 0 : 1)));
  });

  it('Week: 7 day points, zero-filled; walkers are distinct over the week, per day in the series', async () => {
    const d = await getDashboard(t, admin, 'Week');
    expect(d).toMatchObject({ from: dayOf(6), to: today, granularity: 'day' });
    expect(d.totals).toEqual({
      newUsers: 4, // two today, one 1 day ago, one 3 days ago
      activeWalkers: 3, // users 0, 2 and 3 (user 0 walked on two days)
      steps: 1000 + 500 + 0 + 2000 + 700,
      coinsEarned: 10 + 5 + 7,
      coinsSpent: 30 + 50,
      giftCardsRedeemed: 2,
      giftCardsInStock: 3,
      unreadQueries: 3,
    });
    expect(d.totals).toEqual(expectedTotals(d.from));
    expect(d.series.map((p) => p.period)).toEqual(daysFrom(dayOf(6), today));
    const byDay = new Map(d.series.map((p) => [p.period, p]));
    expect(byDay.get(dayOf(1))).toMatchObject({ newUsers: 1, activeWalkers: 1, steps: 500 });
    expect(byDay.get(dayOf(2))).toEqual({ period: dayOf(2), ...zeroFigures }); // a sync of 0 steps
    expect(byDay.get(dayOf(3))).toEqual({
      period: dayOf(3),
      newUsers: 1,
      activeWalkers: 2,
      steps: 2700,
      coinsEarned: 7,
      coinsSpent: 50,
      giftCardsRedeemed: 1,
    });
    for (const n of [4, 5, 6]) expect(byDay.get(dayOf(n))).toEqual({ period: dayOf(n), ...zeroFigures });
  });

  it('Month: the last 30 days, 30 day points', async () => {
    const d = await getDashboard(t, admin, 'Month');
    expect(d).toMatchObject({ from: dayOf(29), to: today, granularity: 'day' });
    expect(d.series.map((p) => p.period)).toEqual(daysFrom(dayOf(29), today));
    expect(d.totals).toEqual(expectedTotals(d.from));
    expect(d.totals).toMatchObject({ newUsers: 5, activeWalkers: 4, steps: 7500, coinsEarned: 52 });
    expect(d.series.find((p) => p.period === dayOf(25))).toMatchObject({ activeWalkers: 1, steps: 300 });
  });

  it('Year: the last 12 months with this one, 12 month points; a month shows its average daily walkers', async () => {
    const d = await getDashboard(t, admin, 'Year');
    const from = monthStartBefore(today, 11);
    expect(d).toMatchObject({ from, to: today, granularity: 'month' });
    expect(d.series.map((p) => p.period)).toEqual(monthsFrom(from, today));
    expect(d.totals).toEqual(expectedTotals(from));
    expect(d.totals).toMatchObject({ newUsers: 6, activeWalkers: 5, coinsSpent: 280, giftCardsRedeemed: 3 });

    // Each month point sums its days; walkers are the month's walker-days over its days so far.
    for (const point of d.series) {
      const days = daysFrom(`${point.period}-01`, today).filter((day) => day.startsWith(point.period));
      const inMonth = (daysAgo: number) => dayOf(daysAgo).startsWith(point.period) && daysAgo >= 0;
      const walkerDays = walks.filter(([, a, steps]) => inMonth(a) && steps > 0).length;
      expect(days.length).toBeGreaterThan(0);
      expect(point, point.period).toEqual({
        period: point.period,
        newUsers: signUps.filter(inMonth).length,
        activeWalkers: Math.round(walkerDays / days.length),
        steps: walks.filter(([, a]) => inMonth(a)).reduce((s, w) => s + w[2], 0),
        coinsEarned: ledger
          .filter(([, a, kind]) => inMonth(a) && ['steps', 'quiz', 'giftbox'].includes(kind))
          .reduce((s, e) => s + e[3], 0),
        coinsSpent: ledger.filter(([, a, kind]) => inMonth(a) && kind === 'redeem').reduce((s, e) => s - e[3], 0),
        giftCardsRedeemed: ledger.filter(([, a, kind]) => inMonth(a) && kind === 'redeem').length,
      });
    }
  });

  it('All: since the first day with data, month points up to this month', async () => {
    const d = await getDashboard(t, admin, 'All');
    expect(d).toMatchObject({ from: dayOf(400), to: today, granularity: 'month' });
    expect(d.series.map((p) => p.period)).toEqual(monthsFrom(dayOf(400), today));
    expect(d.series.length).toBeGreaterThanOrEqual(14);
    expect(d.totals).toEqual(expectedTotals(dayOf(400)));
    expect(d.totals).toMatchObject({ newUsers: 7, activeWalkers: 6, steps: 16_500, coinsEarned: 102 });
    // The first month counts its walkers over its days from the first day with data.
    const firstMonth = dayOf(400).slice(0, 7);
    const daysInRange = daysFrom(dayOf(400), today).filter((day) => day.startsWith(firstMonth)).length;
    expect(d.series[0]).toMatchObject({ period: firstMonth, steps: 5000, activeWalkers: Math.round(1 / daysInRange) });
  });

  it('moves with new activity: a sync replacing today’s steps, a new sign-up, a redemption', async () => {
    const before = await getDashboard(t, admin, 'Today');
    const newcomer = await createUser(t.db);
    await t.db
      .insert(stepLogs)
      .values({ userId: newcomer.id, day: today, steps: 250 })
      .onConflictDoUpdate({ target: [stepLogs.userId, stepLogs.day], set: { steps: sql`excluded.steps` } });
    await t.db
      .insert(stepLogs)
      .values({ userId: newcomer.id, day: today, steps: 400 })
      .onConflictDoUpdate({ target: [stepLogs.userId, stepLogs.day], set: { steps: sql`excluded.steps` } });
    await t.db.update(users).set({ lastWalkedOn: today }).where(eq(users.id, newcomer.id));
    await t.db.insert(coinLedger).values({ userId: newcomer.id, kind: 'redeem', amount: -40 });
    const after = await getDashboard(t, admin, 'Today');
    const diff = (key: keyof Dashboard['totals']) => after.totals[key] - before.totals[key];
    expect({
      newUsers: diff('newUsers'),
      activeWalkers: diff('activeWalkers'),
      steps: diff('steps'),
      coinsSpent: diff('coinsSpent'),
      giftCardsRedeemed: diff('giftCardsRedeemed'),
    }).toEqual({ newUsers: 1, activeWalkers: 1, steps: 400, coinsSpent: 40, giftCardsRedeemed: 1 });
    expect(after.series.at(-1)).toMatchObject({ activeWalkers: 2 } satisfies Partial<DashboardPoint>);
  });

  it('keeps history as it happened: deleting a user does not rewrite past days', async () => {
    const before = await getDashboard(t, admin, 'All');
    const [walker] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'walker6@example.com'));
    await t.db.delete(users).where(eq(users.id, walker!.id));
    const after = await getDashboard(t, admin, 'All');
    expect(after.series).toEqual(before.series);
    expect(after.from).toBe(before.from);
    // The distinct walkers are the users there are now.
    expect(after.totals.activeWalkers).toBe(before.totals.activeWalkers - 1);
  });
});
