import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { giftCards } from '../../src/db/schema.js';
import { demoEmailDomain } from '../../src/seed/catalogue.js';
import { type SeedOptions, SeedRefused, seedDemoData } from '../../src/seed/seed.js';
import { createUser } from '../helpers/index.js';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/** `npm run seed` (README, "Demo data"): the invariants of the data it writes, on a small size. */

const users = 300;
const stepsPerCoin = 100;
// One instant for every run of this file: the same seed must then give the same rows.
const now = new Date();
const options = (o: Partial<SeedOptions> = {}): SeedOptions => ({
  users,
  seed: 7,
  stepsPerCoin,
  now,
  // Small chunks, so that the chunking itself is under test.
  chunkSize: 120,
  ...o,
});

async function rows<T = Record<string, unknown>>(db: Db, query: string): Promise<T[]> {
  const result: unknown = await db.execute(sql.raw(query));
  return (result as { rows: T[] }).rows;
}
async function value<T>(db: Db, query: string): Promise<T> {
  const [row] = await rows<{ v: T }>(db, query);
  return row!.v;
}

/**
 * A digest of every demo row, with the ids that change from run to run (sequences) replaced by
 * what they point at (an e-mail, a question, a serial number...).
 */
function checksum(db: Db): Promise<string> {
  return value<string>(
    db,
    `select md5(string_agg(r, E'\\n' order by r)) as v from (
      select 'u' || row(email, name, dob, height, weight, gender, total_coins, daily_fs_goal, is_active, is_tracking,
        last_walked_on, email_verified_at, created_at, updated_at)::text as r from users where email like '%@${demoEmailDomain}'
      union all select 's' || row(u.email, s.day, s.steps, s.coins, s.updated_at)::text from step_logs s join users u on u.id = s.user_id
      union all select 'l' || row(u.email, l.kind, l.amount, l.ref_day, l.created_at, q.question, g.serial_number, b.created_at)::text
        from coin_ledger l join users u on u.id = l.user_id
        left join quiz_questions q on l.kind = 'quiz' and q.id = l.ref_id
        left join gift_cards g on l.kind = 'redeem' and g.id = l.ref_id
        left join gift_boxes b on l.kind = 'giftbox' and b.id = l.ref_id
      union all select 'a' || row(u.email, q.question, a.option, a.is_correct, a.coins, a.created_at)::text
        from quiz_answers a join users u on u.id = a.user_id join quiz_questions q on q.id = a.quiz_id
      union all select 'q' || row(question, option1, option2, option3, option4, correct_option, language, coins, is_active, created_at)::text
        from quiz_questions
      union all select 'g' || row(g.serial_number, g.control_code, g.amount, g.currency, g.store_name, g.store_address, g.valid_till,
        g.expiry_duration, g.price, u.email, g.redeemed_at, g.created_at)::text from gift_cards g left join users u on u.id = g.user_id
      union all select 'c' || row(type, min_coins, max_coins, steps_to_unlock, boxes_per_day, is_active, created_at)::text from gift_box_configs
      union all select 'b' || row(c.type, b.latitude, b.longitude, b.coins, b.expires_at, u.email, b.opened_at, b.created_at)::text
        from gift_boxes b join gift_box_configs c on c.id = b.config_id left join users u on u.id = b.opened_by
      union all select 'm' || row(u.email, m.title, m.message, m.is_read, m.created_at)::text from messages m join users u on u.id = m.user_id
      union all select 'n' || row(title, message, language, audience, send_at, status, recipient_count, delivered_count)::text from notifications
      union all select 'd' || row(n.title, u.email, d.status, d.delivered_at)::text
        from notification_deliveries d join notifications n on n.id = d.notification_id join users u on u.id = d.user_id
      union all select 'i' || row(n.title, u.email, i.read_at, i.created_at)::text
        from inbox_notifications i join notifications n on n.id = i.notification_id join users u on u.id = i.user_id
    ) x`,
  );
}

/** daily_stats days that differ from the aggregates recomputed from the base tables (migration 0005's rules). */
function dailyStatsMismatches(db: Db): Promise<number> {
  return value<number>(
    db,
    `with recomputed as (
      select day, sum(nu) as nu, sum(w) as w, sum(st) as st, sum(e) as e, sum(sp) as sp, sum(rd) as rd from (
        select u.created_at::date as day, 1 as nu, 0 as w, 0 as st, 0 as e, 0 as sp, 0 as rd
          from users u join roles r on r.id = u.role_id and r.name = 'User'
        union all select day, 0, (steps > 0)::int, steps, 0, 0, 0 from step_logs
        union all select created_at::date, 0, 0, 0, case when kind in ('steps', 'quiz', 'giftbox') then amount else 0 end,
          case when kind = 'redeem' then -amount else 0 end, (kind = 'redeem')::int from coin_ledger
      ) x group by day
    )
    select count(*)::int as v from recomputed r full join daily_stats d using (day)
    where (coalesce(r.nu, 0), coalesce(r.w, 0), coalesce(r.st, 0), coalesce(r.e, 0), coalesce(r.sp, 0), coalesce(r.rd, 0))
      is distinct from (coalesce(d.new_users, 0), coalesce(d.active_walkers, 0), coalesce(d.steps, 0),
        coalesce(d.coins_earned, 0), coalesce(d.coins_spent, 0), coalesce(d.gift_cards_redeemed, 0))`,
  );
}

const demoUsers = (db: Db) =>
  value<number>(db, `select count(*)::int as v from users where email like '%@${demoEmailDomain}'`);

describe('seedDemoData', () => {
  let t: TestDatabase;
  let db: Db;
  let first: Awaited<ReturnType<typeof seedDemoData>>;
  let firstChecksum: string;

  beforeAll(async () => {
    t = await openTestDatabase();
    db = t.database.db;
    await createUser(db, { role: 'Admin', email: 'admin@example.com' });
    // Counts the INSERT statements per table: the seed must write sets, never row by row.
    await db.execute(sql`create table insert_statements (tbl text primary key, n integer not null)`);
    await db.execute(sql`create function count_insert_statement() returns trigger language plpgsql as $$
      begin
        insert into insert_statements values (TG_TABLE_NAME, 1) on conflict (tbl) do update set n = insert_statements.n + 1;
        return null;
      end $$`);
    for (const table of ['users', 'step_logs', 'coin_ledger', 'quiz_answers', 'gift_cards'])
      await db.execute(
        sql.raw(`create trigger ${table}_count_inserts after insert on ${table}
          for each statement execute function count_insert_statement()`),
      );
    first = await seedDemoData(db, options());
    firstChecksum = await checksum(db);
  });
  afterAll(() => t?.dispose());

  it('writes the users and something in every list, set-based and in chunks', async () => {
    expect(first.users).toBe(users);
    expect(first.rows.users).toBe(users);
    expect(await demoUsers(db)).toBe(users);

    const [counts] = await rows<Record<string, number>>(
      db,
      `select
        (select count(*)::int from step_logs) as step_logs,
        (select count(*)::int from quiz_answers) as quiz_answers,
        (select count(*)::int from quiz_questions where language = 'en') as quiz_en,
        (select count(*)::int from quiz_questions where language = 'sv') as quiz_sv,
        (select count(*)::int from gift_cards where user_id is not null) as redeemed,
        (select count(*)::int from gift_cards where user_id is null) as in_stock,
        (select count(*)::int from gift_box_configs) as configs,
        (select count(*)::int from gift_boxes where opened_by is not null) as opened_boxes,
        (select count(*)::int from gift_boxes where opened_by is null) as closed_boxes,
        (select count(*)::int from messages where is_read) as read_queries,
        (select count(*)::int from messages where not is_read) as unread_queries,
        (select count(*)::int from notifications where status = 'sent') as sent,
        (select count(*)::int from inbox_notifications) as inbox,
        (select count(*)::int from daily_stats) as days`,
    );
    for (const [name, n] of Object.entries(counts!)) expect(n, name).toBeGreaterThan(0);
    // Realistic rather than uniform: most users are active and tracking, most queries are read.
    const [shares] = await rows<Record<string, number>>(
      db,
      `select avg(is_active::int)::float8 as active, avg(is_tracking::int)::float8 as tracking,
        (select avg(is_read::int)::float8 from messages) as read
      from users where email like '%@${demoEmailDomain}'`,
    );
    expect(shares!.active).toBeGreaterThan(0.85);
    expect(shares!.tracking).toBeGreaterThan(0.7);
    expect(shares!.tracking).toBeLessThan(1);
    expect(shares!.read).toBeGreaterThan(0.5);

    // Chunks of 120 users: 3 statements on each table for 300 users (+ the stock cards and the boxes' entries).
    const statements = Object.fromEntries(
      (await rows<{ tbl: string; n: number }>(db, 'select tbl, n from insert_statements')).map((r) => [r.tbl, r.n]),
    );
    expect(statements).toEqual({ users: 3, step_logs: 3, quiz_answers: 3, gift_cards: 4, coin_ledger: 10 });
  });

  it('gives users names of letters and spaces, unique demo e-mails, and sign-up times over two years up to now', async () => {
    const [check] = await rows<Record<string, number | boolean>>(
      db,
      `select count(distinct lower(email))::int as emails,
        bool_and(created_at <= ${`'${now.toISOString()}'`}::timestamptz
          and created_at > ${`'${now.toISOString()}'`}::timestamptz - interval '731 days') as in_range,
        bool_and(gender is null or gender in ('male', 'female')) as genders,
        bool_and(dob is null or dob < current_date) as dobs,
        count(distinct date_trunc('month', created_at))::int as months
      from users where email like '%@${demoEmailDomain}'`,
    );
    expect(check).toMatchObject({ emails: users, in_range: true, genders: true, dobs: true });
    expect(check!.months).toBeGreaterThan(12);
    const names = await rows<{ name: string }>(db, `select name from users where email like '%@${demoEmailDomain}'`);
    expect(names.filter((r) => !/^\p{L}+( \p{L}+)+$/u.test(r.name))).toEqual([]);
  });

  it('explains every coin: total_coins is the sum of the ledger, and no balance ever went below 0', async () => {
    const [check] = await rows<Record<string, number>>(
      db,
      `select
        (select count(*)::int from users u
          where u.total_coins <> coalesce((select sum(amount) from coin_ledger l where l.user_id = u.id), 0)) as bad_totals,
        (select count(*)::int from (select sum(amount) over (partition by user_id order by created_at, id) as balance
          from coin_ledger) b where balance < 0) as negative_balances,
        (select count(*)::int from step_logs s where s.coins <> s.steps / ${stepsPerCoin}) as bad_day_coins,
        (select count(*)::int from step_logs s where s.coins > 0 and (select count(*) from coin_ledger l
          where l.user_id = s.user_id and l.kind = 'steps' and l.ref_day = s.day and l.amount = s.coins
            and l.created_at::date = s.day) <> 1) as bad_steps_entries,
        (select count(*)::int from coin_ledger l where l.kind = 'steps'
          and not exists (select 1 from step_logs s where s.user_id = l.user_id and s.day = l.ref_day)) as stray_steps_entries,
        (select count(*)::int from quiz_answers a join quiz_questions q on q.id = a.quiz_id
          where a.coins <> case when a.is_correct then q.coins else 0 end
            or a.is_correct <> (a.option = q.correct_option)) as bad_answers,
        (select count(*)::int from quiz_answers a where a.coins > 0 and (select count(*) from coin_ledger l
          where l.user_id = a.user_id and l.kind = 'quiz' and l.ref_id = a.quiz_id and l.amount = a.coins) <> 1) as bad_quiz_entries,
        (select count(*)::int from gift_boxes b where b.opened_by is not null and (select count(*) from coin_ledger l
          where l.user_id = b.opened_by and l.kind = 'giftbox' and l.ref_id = b.id and l.amount = b.coins
            and l.created_at = b.opened_at) <> 1) as bad_box_entries,
        (select count(*)::int from gift_boxes b where b.opened_at > b.expires_at or b.opened_at < b.created_at) as bad_box_times,
        (select count(*)::int from coin_ledger where kind = 'adjustment') as adjustments`,
    );
    expect(check).toEqual({
      bad_totals: 0,
      negative_balances: 0,
      bad_day_coins: 0,
      bad_steps_entries: 0,
      stray_steps_entries: 0,
      bad_answers: 0,
      bad_quiz_entries: 0,
      bad_box_entries: 0,
      bad_box_times: 0,
      adjustments: 0,
    });
  });

  it('sets last_walked_on to the last day with steps', async () => {
    const bad = await value<number>(
      db,
      `select count(*)::int as v from users u
      where u.last_walked_on is distinct from (select max(day) from step_logs s where s.user_id = u.id and s.steps > 0)`,
    );
    expect(bad).toBe(0);
    expect(
      await value<number>(db, 'select count(*)::int as v from users where last_walked_on is not null'),
    ).toBeGreaterThan(users / 2);
  });

  it('pays every redeemed gift card with exactly one redeem entry of its price, by its owner, when it was redeemed', async () => {
    const [check] = await rows<Record<string, number>>(
      db,
      `select
        (select count(*)::int from gift_cards g where g.user_id is not null and (g.redeemed_at is null or (select count(*)
          from coin_ledger l where l.kind = 'redeem' and l.ref_id = g.id and l.user_id = g.user_id and l.amount = -g.price
            and l.created_at = g.redeemed_at) <> 1)) as bad_cards,
        (select count(*)::int from coin_ledger l where l.kind = 'redeem' and not exists
          (select 1 from gift_cards g where g.id = l.ref_id and g.user_id = l.user_id)) as stray_entries,
        (select count(*)::int from gift_cards where (user_id is null) <> (redeemed_at is null)) as half_redeemed`,
    );
    expect(check).toEqual({ bad_cards: 0, stray_entries: 0, half_redeemed: 0 });
  });

  it('leaves notifications as the worker does: every recipient delivered once, with an inbox entry', async () => {
    const [check] = await rows<Record<string, number>>(
      db,
      `select
        (select count(*)::int from notifications n where n.recipient_count <> n.delivered_count or n.failed_count <> 0
          or n.recipient_count <> (select count(*) from notification_deliveries d where d.notification_id = n.id
            and d.status = 'delivered' and d.delivered_at is not null)) as bad_counts,
        (select count(*)::int from notification_deliveries d where not exists (select 1 from inbox_notifications i
          where i.notification_id = d.notification_id and i.user_id = d.user_id)) as missing_inbox,
        (select count(*)::int from notification_deliveries d join users u on u.id = d.user_id
          join notifications n on n.id = d.notification_id where u.created_at >= n.send_at) as before_sign_up,
        (select count(*)::int from notification_deliveries where status <> 'delivered') as pending`,
    );
    expect(check).toEqual({ bad_counts: 0, missing_inbox: 0, before_sign_up: 0, pending: 0 });
  });

  it('leaves daily_stats equal to the aggregates of the base tables (written by the triggers)', async () => {
    expect(await dailyStatsMismatches(db)).toBe(0);
  });

  it('is reproducible: a second run with the same seed replaces the data with the same rows; another seed gives others', async () => {
    const again = await seedDemoData(db, options());
    expect(again.replacedUsers).toBe(users);
    expect(await demoUsers(db)).toBe(users);
    expect(await checksum(db)).toBe(firstChecksum);
    expect(await value<number>(db, 'select count(*)::int as v from quiz_questions')).toBe(first.rows.quiz_questions);
    // The first run's contributions were taken out of daily_stats before the rows went.
    expect(await dailyStatsMismatches(db)).toBe(0);

    await seedDemoData(db, options({ seed: 8 }));
    expect(await demoUsers(db)).toBe(users);
    expect(await checksum(db)).not.toBe(firstChecksum);
    expect(await dailyStatsMismatches(db)).toBe(0);
  });

  it('refuses a database with data that is not demo data, changing nothing, unless forced', async () => {
    const before = await checksum(db);
    const someone = await createUser(db, { name: 'Real Person' });
    const refusal = seedDemoData(db, options());
    await expect(refusal).rejects.toThrow(SeedRefused);
    await expect(refusal).rejects.toThrow(/1 app user\b.*--force/s);
    expect(await checksum(db)).toBe(before);

    await db.insert(giftCards).values({
      serialNumber: 'REAL-1',
      controlCode: 'REAL-CC-1',
      amount: 100,
      currency: 'SEK',
      storeName: 'Store',
      storeAddress: 'Street 1',
      validTill: '2099-12-31',
      price: 10,
    });
    await expect(seedDemoData(db, options())).rejects.toThrow(/1 app user, 1 gift card\b/);

    // Forced: the demo data is replaced, the real rows stay, and no demo notification reaches the real user.
    const forced = await seedDemoData(db, options({ force: true }));
    expect(forced.replacedUsers).toBe(users);
    expect(await demoUsers(db)).toBe(users);
    expect(await value<number>(db, `select count(*)::int as v from users where id = ${someone.id}`)).toBe(1);
    expect(await value<number>(db, `select count(*)::int as v from gift_cards where serial_number = 'REAL-1'`)).toBe(1);
    expect(
      await value<number>(db, `select count(*)::int as v from inbox_notifications where user_id = ${someone.id}`),
    ).toBe(0);
    expect(await value<string>(db, `select string_agg(distinct audience, ',') as v from notifications`)).toBe('users');
    expect(await dailyStatsMismatches(db)).toBe(0);
  });

  it('refuses sizes and seeds it cannot write', async () => {
    await expect(seedDemoData(db, options({ users: 0 }))).rejects.toThrow(RangeError);
    await expect(seedDemoData(db, options({ users: 10_000_001 }))).rejects.toThrow(RangeError);
    await expect(seedDemoData(db, options({ seed: -1 }))).rejects.toThrow(RangeError);
    await expect(seedDemoData(db, options({ days: 0 }))).rejects.toThrow(RangeError);
  });
});
