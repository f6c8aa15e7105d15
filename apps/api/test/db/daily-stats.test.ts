import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger, dailyStats, stepLogs } from '../../src/db/schema.js';
import { buildTestApp, createUser, type TestApp } from '../helpers/index.js';

/** The statement-level triggers of migration 0005 keep daily_stats (decision 0010). */
describe('daily_stats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const day = async (d: string) => {
    const rows = await t.db
      .select()
      .from(dailyStats)
      .where(sql`${dailyStats.day} = ${d}`);
    return rows[0];
  };

  it('counts app users signing up on their day, not administrators', async () => {
    const raw: unknown = await t.db.execute(sql`select current_date::text as today`);
    const today = (raw as { rows: Array<{ today: string }> }).rows[0]?.today ?? '';
    const before = (await day(today))?.newUsers ?? 0;
    await createUser(t.db);
    await createUser(t.db);
    await createUser(t.db, { role: 'Admin' });
    expect((await day(today))?.newUsers).toBe(before + 2);
  });

  it('adds steps and walkers on insert, and moves them by the difference when a day is synced again', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    await t.db.insert(stepLogs).values([
      { userId: a.id, day: '2030-02-01', steps: 1000 },
      { userId: b.id, day: '2030-02-01', steps: 0 },
      { userId: a.id, day: '2030-02-02', steps: 50 },
    ]);
    expect(await day('2030-02-01')).toMatchObject({ steps: 1000, activeWalkers: 1 });
    expect(await day('2030-02-02')).toMatchObject({ steps: 50, activeWalkers: 1 });

    // A later sync replaces the day's count (INSERT ... ON CONFLICT DO UPDATE fires the update trigger).
    await t.db
      .insert(stepLogs)
      .values([
        { userId: a.id, day: '2030-02-01', steps: 400 },
        { userId: b.id, day: '2030-02-01', steps: 700 },
      ])
      .onConflictDoUpdate({ target: [stepLogs.userId, stepLogs.day], set: { steps: sql`excluded.steps` } });
    expect(await day('2030-02-01')).toMatchObject({ steps: 1100, activeWalkers: 2 });
  });

  it('sums coins earned (steps, quiz, gift box) and spent (redeem) and counts redemptions; adjustments count in neither', async () => {
    const u = await createUser(t.db);
    const at = new Date('2030-03-05T09:00:00Z');
    await t.db.insert(coinLedger).values([
      { userId: u.id, kind: 'steps', amount: 10, createdAt: at },
      { userId: u.id, kind: 'quiz', amount: 5, createdAt: at },
      { userId: u.id, kind: 'giftbox', amount: 7, createdAt: at },
      { userId: u.id, kind: 'redeem', amount: -20, createdAt: at },
      { userId: u.id, kind: 'adjustment', amount: 100, createdAt: at },
    ]);
    expect(await day('2030-03-05')).toMatchObject({ coinsEarned: 22, coinsSpent: 20, giftCardsRedeemed: 1 });
  });
});
