import type { Db } from '../db/client.js';
import {
  cardTiers,
  demoEmailDomain,
  demoSerialPrefix,
  expiryDurations,
  femaleFirstNames,
  giftBoxConfigs,
  lastNames,
  maleFirstNames,
  notificationTexts,
  queryTexts,
  quizBank,
  stepGoals,
  stores,
} from './catalogue.js';
import { countForeignData, deleteDemoData, describeForeignData } from './demo.js';
import { Draws, mixSql } from './hash.js';
import { int, lit, run, textArray, timestamp } from './sql-text.js';

/**
 * `npm run seed`: demo data at any size, written by set-based statements only
 * (INSERT ... SELECT FROM generate_series), in chunks of users, in ONE transaction: a run either
 * replaces the earlier demo data completely or changes nothing. Every value is a hash of (seed,
 * row number) computed in SQL (hash.ts), relative to the run's `now`: the same size, seed and
 * `now` give the same rows. daily_stats is left to the triggers of migration 0005.
 *
 * In the SQL below, a subquery ending in OFFSET 0 is a fence: the planner keeps it as a step of
 * its own instead of pasting its expressions into every place that uses them, so each hash is
 * computed once per row.
 */

export interface SeedOptions {
  /** How many demo app users. */
  users: number;
  /** The random seed (any 32-bit unsigned integer). */
  seed?: number;
  /** Run even when the database holds data that is not demo data (that data is kept). */
  force?: boolean;
  /** Days of step history per user, ending today. */
  days?: number;
  /** One coin per this many steps of a day (config.stepsPerCoin). */
  stepsPerCoin: number;
  /** Where the hand-placed gift boxes go (config.map.center). */
  mapCenter?: [number, number];
  /** The moment the data is generated at; fixes "today" and every relative date. */
  now?: Date;
  /** Users per statement (memory per statement, and how often progress is reported). */
  chunkSize?: number;
  onProgress?: (event: SeedProgress) => void;
}

export interface SeedProgress {
  phase: string;
  /** Users written so far (the users phase). */
  done?: number;
  total?: number;
  ms: number;
}

export interface SeedPhase {
  name: string;
  ms: number;
  /** Rows written, per table. */
  rows: Record<string, number>;
}

export interface SeedSummary {
  users: number;
  seed: number;
  days: number;
  /** Demo users of an earlier run that were replaced. */
  replacedUsers: number;
  phases: SeedPhase[];
  /** Rows written per table, over all phases. */
  rows: Record<string, number>;
  totalMs: number;
}

/** The run refused: the database holds data that is not demo data, and force was not given. */
export class SeedRefused extends Error {
  override name = 'SeedRefused';
}

/** Every table the seed writes (daily_stats is written by the triggers). */
const seededTables = [
  'users',
  'step_logs',
  'coin_ledger',
  'quiz_questions',
  'quiz_answers',
  'gift_cards',
  'gift_box_configs',
  'gift_boxes',
  'messages',
  'notifications',
  'notification_deliveries',
  'inbox_notifications',
] as const;

export const seedLimits = { usersMax: 10_000_000, daysMax: 366, chunkDefault: 100_000 } as const;

/** One name per quantity drawn; the numbers only have to differ. */
const salt = {
  user: 1,
  created: 2,
  gender: 3,
  first: 4,
  last: 5,
  emailPattern: 6,
  age1: 7,
  age2: 8,
  age3: 9,
  birthday: 10,
  noDob: 11,
  height1: 12,
  height2: 13,
  height3: 14,
  bmi1: 15,
  bmi2: 16,
  bmi3: 17,
  goal: 18,
  active: 19,
  tracking: 20,
  verified: 21,
  verifiedAfter: 22,
  level1: 23,
  level2: 24,
  walkChance: 25,
  churn: 26,
  stoppedDays: 27,
  quizPlayer: 28,
  quizCount: 29,
  quizLanguage: 30,
  quizStart: 31,
  redeem: 32,
  tier1: 33,
  tier2: 34,
  redeemAfter: 35,
  store: 36,
  serial: 37,
  code: 38,
  validFor: 39,
  expiry: 40,
  cardAge: 41,
  day: 50,
  walks: 51,
  stepsA: 52,
  stepsB: 53,
  bigWalk: 54,
  syncTime: 55,
  answer: 60,
  correct: 61,
  wrong: 62,
  answerTime: 63,
  box: 70,
  boxConfig: 71,
  boxCreated: 72,
  boxExpires: 73,
  boxOpened: 74,
  boxOpener: 75,
  boxOpenTime: 76,
  boxCoins: 77,
  boxLat: 78,
  boxLng: 79,
  stock: 80,
  stockExpired: 81,
  stockAge: 82,
  currency: 83,
  query: 90,
  querySender: 91,
  queryText: 92,
  queryAge: 93,
  queryRead: 94,
  notification: 100,
  recipient: 101,
  inboxRead: 102,
  inboxReadAfter: 103,
} as const;

const historyYears = 2;

interface Context {
  d: Draws;
  n: number;
  days: number;
  stepsPerCoin: number;
  now: string;
  today: string;
  idBase: number;
  userRoleId: number;
  adminId: number | null;
  center: [number, number];
  quiz: Array<{ id: number; language: 'en' | 'sv'; idx: number }>;
  configs: Array<{ id: number; idx: number; isActive: boolean }>;
}

/** Fills the database with demo data; see SeedOptions. Refuses (SeedRefused) on non-demo data unless forced. */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const n = options.users;
  const seed = options.seed ?? 1;
  const days = options.days ?? 30;
  if (!Number.isInteger(n) || n < 1 || n > seedLimits.usersMax)
    throw new RangeError(`users must be a whole number from 1 to ${seedLimits.usersMax.toLocaleString('en-US')}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 4294967295)
    throw new RangeError('seed must be a whole number from 0 to 4294967295');
  if (!Number.isInteger(days) || days < 1 || days > seedLimits.daysMax)
    throw new RangeError(`days must be a whole number from 1 to ${seedLimits.daysMax}`);
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? seedLimits.chunkDefault));
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);
  const started = performance.now();
  const phases: SeedPhase[] = [];
  const report = options.onProgress ?? (() => {});

  let replacedUsers = 0;
  await db.transaction(async (tx) => {
    let mark = performance.now();
    const phase = (name: string, rows: Record<string, number>) => {
      const ms = performance.now() - mark;
      phases.push({ name, ms, rows });
      report({ phase: name, ms });
      mark = performance.now();
    };

    await run(tx, `set local work_mem = '128MB'`);
    // Serialises seed runs, and keeps app sign-ups out of the id block reserved below.
    await run(tx, 'lock table users in share row exclusive mode');
    const foreign = await countForeignData(tx);
    const found = describeForeignData(foreign);
    if (found && !options.force) {
      throw new SeedRefused(
        `The database holds data that is not demo data (${found}). The seed only fills an empty database or ` +
          `replaces its own demo data, so that demo rows are never mixed with real ones. Use an empty database ` +
          `(e.g. another DATABASE_URL or DATA_DIR), or run again with --force to add the demo data anyway ` +
          `(the rows above are kept; earlier demo rows are replaced).`,
      );
    }
    replacedUsers = (await deleteDemoData(tx)).users;
    phase('delete earlier demo data', {});

    const [ids] = await run<{ userRoleId: number; adminId: number | null }>(
      tx,
      `select (select id from roles where name = 'User') as "userRoleId",
        (select min(u.id) from users u join roles r on r.id = u.role_id where r.name = 'Admin') as "adminId"`,
    );
    if (!ids?.userRoleId) throw new Error('role User is missing: migrations not applied?');

    const quiz = await insertQuizQuestions(tx, now);
    phase('quiz_questions', { quiz_questions: quiz.length });
    const configs = await insertGiftBoxConfigs(tx, now);
    phase('gift_box_configs', { gift_box_configs: configs.length });

    // The demo users get the ids idBase+1 .. idBase+n (a block of the sequence), so that every
    // row can name its user without a lookup.
    const [next] = await run<{ v: string | number }>(tx, `select nextval(pg_get_serial_sequence('users', 'id')) as v`);
    const first = Number(next?.v);
    await run(tx, `select setval(pg_get_serial_sequence('users', 'id'), ${int(first + n - 1)})`);

    const ctx: Context = {
      d: new Draws(seed),
      n,
      days,
      stepsPerCoin: options.stepsPerCoin,
      now: timestamp(now),
      today: `(${timestamp(now)})::date`,
      idBase: first - 1,
      userRoleId: ids.userRoleId,
      adminId: ids.adminId,
      center: options.mapCenter ?? [59.3293, 18.0686],
      quiz,
      configs,
    };

    // The chunks: time and rows per phase, summed over the chunks.
    const chunkPhases = new Map<string, SeedPhase>();
    for (let from = 1; from <= n; from += chunkSize) {
      const to = Math.min(n, from + chunkSize - 1);
      for (const step of usersChunkSteps(ctx, from, to)) {
        const t0 = performance.now();
        const [result] = await run<Record<string, number>>(tx, step.sql);
        const p = chunkPhases.get(step.phase) ?? { name: step.phase, ms: 0, rows: {} };
        p.ms += performance.now() - t0;
        for (const table of step.writes ?? []) p.rows[table] = (p.rows[table] ?? 0) + Number(result?.[table] ?? 0);
        chunkPhases.set(step.phase, p);
      }
      report({ phase: 'users', done: to, total: n, ms: performance.now() - mark });
    }
    phases.push(...chunkPhases.values());
    mark = performance.now();
    // The statements below read the new users; the planner must know there are many.
    await run(tx, 'analyze users');

    const [boxes] = await run<{ boxes: number; ledger: number }>(tx, giftBoxesSql(ctx));
    phase('gift_boxes', { gift_boxes: boxes?.boxes ?? 0, coin_ledger: boxes?.ledger ?? 0 });

    const [stock] = await run<{ n: number }>(tx, stockCardsSql(ctx));
    phase('gift_cards in stock', { gift_cards: stock?.n ?? 0 });

    const [queries] = await run<{ n: number }>(tx, queriesSql(ctx));
    phase('messages (complaint queries)', { messages: queries?.n ?? 0 });

    const broadcasts = foreign.appUsers === 0;
    phase('notifications', await insertNotifications(tx, ctx, now, broadcasts));
  });

  // Fresh statistics (plans for the new sizes), the visibility map (index-only counts) and the
  // trigram indexes' pending lists merged (name and e-mail filters), now: PGlite has no
  // autovacuum, and a PostgreSQL server may have it off or take its time.
  const mark = performance.now();
  for (const table of [...seededTables, 'daily_stats']) await run(db, `vacuum (analyze) ${table}`);
  phases.push({ name: 'vacuum (analyze)', ms: performance.now() - mark, rows: {} });
  report({ phase: 'vacuum (analyze)', ms: performance.now() - mark });

  const rows: Record<string, number> = {};
  for (const p of phases) for (const [k, v] of Object.entries(p.rows)) rows[k] = (rows[k] ?? 0) + v;
  return { users: n, seed, days, replacedUsers, phases, rows, totalMs: performance.now() - started };
}

/** The quiz bank, dated from about 14 months to 6 weeks ago; answers the ids with their place per language. */
async function insertQuizQuestions(db: Db, now: Date): Promise<Context['quiz']> {
  const values = (['en', 'sv'] as const).flatMap((language, l) =>
    quizBank[language].map((q, i) => {
      const at = timestamp(new Date(now.getTime() - ((420 - i * 24 - l * 3) * 86400 + 3600 * (9 + (i % 8))) * 1000));
      return `(${lit(q.question)}, ${q.options.map(lit).join(', ')}, ${int(q.correct)}, ${lit(language)}, ${int(q.coins)}, ${q.isActive}, date_trunc('second', ${at}), ${int(i)})`;
    }),
  );
  const rows = await run<{ id: number; language: 'en' | 'sv'; idx: number }>(
    db,
    `with v (question, option1, option2, option3, option4, correct_option, language, coins, is_active, created_at, idx) as (
      values ${values.join(',\n')}
    ), ins as (
      insert into quiz_questions (question, option1, option2, option3, option4, correct_option, language, coins, is_active, created_at, updated_at)
      select question, option1, option2, option3, option4, correct_option, language, coins, is_active, created_at, created_at from v
      returning id, question, language
    )
    select ins.id, ins.language, v.idx from ins join v on v.question = ins.question and v.language = ins.language order by ins.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), language: r.language, idx: Number(r.idx) }));
}

async function insertGiftBoxConfigs(db: Db, now: Date): Promise<Context['configs']> {
  const values = giftBoxConfigs.map((c, i) => {
    const at = timestamp(new Date(now.getTime() - (240 - i * 35) * 86400 * 1000));
    return `(${lit(c.type)}, ${int(c.minCoins)}, ${int(c.maxCoins)}, ${int(c.stepsToUnlock)}, ${int(c.boxesPerDay)}, ${c.isActive}, ${at}, ${int(i)})`;
  });
  const rows = await run<{ id: number; idx: number; isActive: boolean }>(
    db,
    `with v (type, min_coins, max_coins, steps_to_unlock, boxes_per_day, is_active, created_at, idx) as (
      values ${values.join(',\n')}
    ), ins as (
      insert into gift_box_configs (type, min_coins, max_coins, steps_to_unlock, boxes_per_day, is_active, created_at, updated_at)
      select type, min_coins, max_coins, steps_to_unlock, boxes_per_day, is_active, created_at, created_at from v
      returning id, type, is_active
    )
    select ins.id, v.idx, ins.is_active as "isActive" from ins join v on v.type = ins.type order by v.idx`,
  );
  return rows.map((r) => ({ id: Number(r.id), idx: Number(r.idx), isActive: Boolean(r.isActive) }));
}

/**
 * SQL: when user number `n` (with state `s`) signed up. Users are spread over the last two
 * years with growth (more sign-ups lately: a density rising with time), in the order of their
 * numbers, so that ids follow sign-up times as they would in a real table.
 */
function createdAtSql(ctx: Context, n: string, s: string): string {
  const u = `(((${n}) - 1 + ${ctx.d.unit(s, salt.created)}) / ${int(ctx.n)}.0)`;
  const t = `(0.5 * sqrt(${u}) + 0.5 * sqrt(sqrt(${u})))`;
  return `date_trunc('second', ${ctx.now} - (1 - ${t}) * ${int(historyYears * 365 * 86400)} * interval '1 second')`;
}

/** The hand-placed gift boxes as rows (k, config, place, coins, times, opener number or null). */
function giftBoxDefinitionsSql(ctx: Context): string {
  const { d } = ctx;
  const active = ctx.configs.filter((c) => c.isActive);
  const count = Math.min(300, Math.max(12, Math.round(ctx.n / 50)));
  const cfgValues = active
    .map((c, i) => {
      const def = giftBoxConfigs[c.idx]!;
      return `(${int(i)}, ${int(c.id)}, ${int(def.minCoins)}, ${int(def.maxCoins)})`;
    })
    .join(', ');
  return `(
    select k, config_id, latitude, longitude, coins, created_at, expires_at, bs,
      case when opened and lo < hi then opener_n end as opener_n,
      case when opened and lo < hi then date_trunc('second', lo + (hi - lo) * ${d.unit('bs', salt.boxOpenTime)}) end as opened_at
    from (
      select b.*, greatest(b.created_at, ${createdAtSql(ctx, 'b.opener_n', 'b.opener_s')}) as lo, least(b.expires_at, ${ctx.now}) as hi
      from (
        select b.*, b.created_at + (1 + ${d.int('b.bs', salt.boxExpires, 7)}) * interval '1 day' as expires_at,
          ${d.state('b.opener_n', salt.user)} as opener_s
        from (
          select k, bs, c.config_id,
            round((${ctx.center[0]} + (${d.unit('bs', salt.boxLat)} - 0.5) * 0.08)::numeric, 6)::float8 as latitude,
            round((${ctx.center[1]} + (${d.unit('bs', salt.boxLng)} - 0.5) * 0.16)::numeric, 6)::float8 as longitude,
            c.min_coins + (${d.bits('bs', salt.boxCoins)} % (c.max_coins - c.min_coins + 1))::int as coins,
            date_trunc('second', ${ctx.now} - (1 + 29 * ${d.unit('bs', salt.boxCreated)}) * interval '1 day') as created_at,
            ${d.unit('bs', salt.boxOpened)} < 0.6 as opened,
            1 + ${d.int('bs', salt.boxOpener, ctx.n)} as opener_n
          from (select k, ${d.state('k', salt.box)} as bs from generate_series(1, ${int(count)}) k offset 0) g
          join (values ${cfgValues}) c (i, config_id, min_coins, max_coins) on c.i = ${d.int('g.bs', salt.boxConfig, active.length)}
          offset 0
        ) b
        offset 0
      ) b
    ) b
  )`;
}

/** SQL array subscript by a 0-based index expression. */
const pick = (array: string, index: string) => `(${array})[1 + ${index}]`;

/** One statement of a chunk: which phase its time counts to, and its rows per table (if it writes). */
interface ChunkStep {
  phase: string;
  sql: string;
  /** The table(s) it writes, named after the columns of its one result row. */
  writes?: string[];
}

/** "insert ..." with its row count as the statement's result (`as <column>`). */
const counted = (insert: string, column: string) =>
  `with ins as (${insert} returning 1) select count(*)::int as ${column} from ins`;

/**
 * The statements for users from..to and everything that is theirs. First the chunk is computed
 * once into temporary tables (dropped at commit): the users' attributes, their walked days, their
 * quiz answers, and per user the totals and the redemption. Then one INSERT ... SELECT per table,
 * in key order: users (total_coins and last_walked_on already right), step_logs, 'steps' ledger
 * entries, quiz_answers, 'quiz' entries, the redeemed gift cards with their 'redeem' entries. Box
 * openings are in total_coins already; their entries are written with the boxes.
 */
function usersChunkSteps(ctx: Context, from: number, to: number): ChunkStep[] {
  const { d } = ctx;
  const females = textArray(femaleFirstNames);
  const males = textArray(maleFirstNames);
  const everyone = textArray([...femaleFirstNames, ...maleFirstNames]);
  const surnames = textArray(lastNames);
  const goalWeights = stepGoals.reduce((sum, g) => sum + g.weight, 0);
  let cumulative = 0;
  const goalCase = stepGoals
    .map((g) => {
      cumulative += g.weight;
      return `when goal_x < ${cumulative} then ${int(g.steps)}`;
    })
    .join(' ');
  const quizPerLanguage = Math.min(quizBank.en.length, quizBank.sv.length);
  const quizValues = ctx.quiz.map((q) => `(${int(q.id)}, ${lit(q.language)}, ${int(q.idx)})`).join(', ');
  const fold = (e: string) => `lower(translate(${e}, 'ÅÄÖåäöéëüÜÉ', 'AAOaaoeeuUE'))`;
  const prices = `ARRAY[${cardTiers.map((t) => int(t.price)).join(', ')}]`;
  const amounts = `ARRAY[${cardTiers.map((t) => int(t.amount)).join(', ')}]`;
  const tierCase = cardTiers
    .map((t, i) => ({ t, i }))
    .reverse()
    .map(({ t, i }) => `when earned_before >= ${int(t.price)} then ${int(i)}`)
    .join(' ');
  const storeNames = textArray(stores.map((s) => s.name));
  const storeAddresses = textArray(stores.map((s) => s.address));
  const durations = `ARRAY[${expiryDurations.map(int).join(', ')}]`;
  const todayFraction = `(extract(epoch from ${ctx.now} - ${ctx.today}::timestamptz) / 86400.0)`;
  const generate = 'generate (temporary tables)';

  return [
    {
      phase: generate,
      sql: `create temporary table seed_user on commit drop as
  -- A redeemer redeems at redeem_at, some time in their step history, a card they could afford then.
  select u.*, date_trunc('second', u.history_start
      + (${ctx.now} - u.history_start) * (0.15 + 0.85 * ${d.unit('u.s', salt.redeemAfter)})) as redeem_at
  from (
    select u.*, greatest(u.created_at, (${ctx.today} - ${int(ctx.days - 1)})::timestamptz) as history_start
    from (
      select n, s, ${int(ctx.idBase)} + n as id, ${createdAtSql(ctx, 'n', 's')} as created_at,
        ${d.unit('s', salt.tracking)} < 0.84 as is_tracking,
        ${d.unit('s', salt.active)} < 0.96 as is_active,
        3000 + 9000 * (${d.unit('s', salt.level1)} + ${d.unit('s', salt.level2)}) / 2 as level,
        0.45 + 0.45 * ${d.unit('s', salt.walkChance)} as walk_chance,
        case when ${d.unit('s', salt.churn)} < 0.15 then 1 + ${d.int('s', salt.stoppedDays, ctx.days)} else 0 end as stopped_days,
        case when ${d.unit('s', salt.quizPlayer)} < 0.6 then 1 + ${d.int('s', salt.quizCount, 6)} else 0 end as quiz_count,
        case when ${d.unit('s', salt.quizLanguage)} < 0.55 then 'sv' else 'en' end as quiz_language,
        ${d.int('s', salt.quizStart, quizPerLanguage)} as quiz_start
      from (select g as n, ${d.state('g', salt.user)} as s from generate_series(${int(from)}, ${int(to)}) g offset 0) g
      offset 0
    ) u
    offset 0
  ) u`,
    },
    { phase: generate, sql: 'analyze seed_user' },
    {
      phase: generate,
      // Two 32-bit draws per walked day, each split in two 16-bit ones (steps; big walk and sync time).
      sql: `create temporary table seed_walk on commit drop as
  select n, id, day, steps, steps / ${int(ctx.stepsPerCoin)} as coins, sync_at, sync_at < redeem_at as before_redeem
  from (
    select n, id, redeem_at, day,
      least(100000, floor(level * (0.3 + 0.7 * ((ha & 65535) + (ha >> 16))::float8 / 65536)
        * (case when weekend then 1.2 else 1 end)
        * (case when (hb & 65535) < 1966 then 2.2 else 1 end)
        * (case when d = 0 then ${todayFraction} else 1 end)))::int as steps,
      greatest(created_at, date_trunc('second', case when d = 0
        then ${ctx.today}::timestamptz + (${ctx.now} - ${ctx.today}::timestamptz) * (0.5 + 0.5 * (hb >> 16)::float8 / 65536)
        else (day + interval '17 hours')::timestamptz + (hb >> 16)::float8 / 65536 * interval '6 hours' end)) as sync_at
    from (
      select u.n, u.id, u.redeem_at, u.created_at, u.level, dd.d, dd.day, dd.weekend,
        ${d.bits('u.s # dd.ds', salt.stepsA)} as ha, ${d.bits('u.s # dd.ds', salt.syncTime)} as hb
      from seed_user u
      join (
        select d, ${ctx.today} - d as day, extract(isodow from ${ctx.today} - d) >= 6 as weekend, ${d.state('d', salt.day)} as ds
        from generate_series(0, ${int(ctx.days - 1)}) d
        offset 0
      ) dd on dd.day >= u.created_at::date and dd.d >= u.stopped_days
      where u.is_tracking and ${d.unit('u.s # dd.ds', salt.walks)} < u.walk_chance
      offset 0
    ) w
    offset 0
  ) w
  where steps > 0`,
    },
    {
      phase: generate,
      sql: `create temporary table seed_answer on commit drop as
  select n, id, quiz_id, is_correct,
    case when is_correct then correct_option else 1 + (correct_option + wrong) % 4 end as option,
    case when is_correct then coins else 0 end as coins,
    created_at, created_at < redeem_at as before_redeem
  from (
    select a.*, ${d.unit('a.st', salt.correct)} < 0.72 as is_correct, ${d.int('a.st', salt.wrong, 3)} as wrong,
      date_trunc('second', a.lo + (${ctx.now} - a.lo) * sqrt(${d.unit('a.st', salt.answerTime)})) as created_at
    from (
      select u.n, u.id, u.redeem_at, q.id as quiz_id, q.coins, q.correct_option, greatest(u.created_at, q.created_at) as lo,
        u.s # ${d.state('i', salt.answer)} as st
      from seed_user u
      cross join lateral generate_series(0, u.quiz_count - 1) i
      join (
        select q.id, q.language, q.idx, qq.coins, qq.correct_option, qq.created_at
        from (values ${quizValues}) q (id, language, idx) join quiz_questions qq on qq.id = q.id
      ) q on q.language = u.quiz_language and q.idx = (u.quiz_start + i) % ${int(quizPerLanguage)}
      offset 0
    ) a
    offset 0
  ) a`,
    },
    {
      phase: generate,
      sql: `create temporary table seed_total on commit drop as
  with walked as (
    select n, sum(coins) as coins, sum(coins) filter (where before_redeem) as coins_before, max(day) as last_day,
      max(sync_at) filter (where coins > 0) as last_at
    from seed_walk group by n
  ), answered as (
    select n, sum(coins) as coins, sum(coins) filter (where before_redeem) as coins_before,
      max(created_at) filter (where coins > 0) as last_at
    from seed_answer group by n
  ), boxes as (
    select b.opener_n as n, sum(b.coins) as coins, sum(b.coins) filter (where b.opened_at < u.redeem_at) as coins_before,
      max(b.opened_at) as last_at
    from ${giftBoxDefinitionsSql(ctx)} b join seed_user u on u.n = b.opener_n
    group by b.opener_n
  ), totals as (
    select u.n, u.id, u.s, u.redeem_at, coalesce(w.coins, 0) + coalesce(a.coins, 0) + coalesce(b.coins, 0) as earned,
      coalesce(w.coins_before, 0) + coalesce(a.coins_before, 0) + coalesce(b.coins_before, 0) as earned_before,
      w.last_day, greatest(w.last_at, a.last_at, b.last_at) as last_earned_at
    from seed_user u left join walked w on w.n = u.n left join answered a on a.n = u.n left join boxes b on b.n = u.n
  )
  select t.n, t.id, t.earned, t.last_day, t.last_earned_at,
    case when t.redeems and t.tier >= 0 then ${pick(prices, 't.tier')} end as price,
    case when t.redeems and t.tier >= 0 then ${pick(amounts, 't.tier')} end as amount,
    case when t.redeems and t.tier >= 0 then t.redeem_at end as redeemed_at
  from (
    select t.*, ${d.unit('t.s', salt.redeem)} < 0.3 as redeems,
      least(case ${tierCase} else -1 end,
        least(${d.int('t.s', salt.tier1, cardTiers.length)}, ${d.int('t.s', salt.tier2, cardTiers.length)})) as tier
    from totals t
    offset 0
  ) t`,
    },
    {
      phase: 'users',
      writes: ['users'],
      sql: counted(
        `insert into users (id, name, email, password_hash, dob, height, weight, gender, total_coins, daily_fs_goal,
    is_active, is_tracking, last_walked_on, role_id, email_verified_at, created_at, updated_at)
  select id, first_name || ' ' || last_name,
    case ${d.int('s', salt.emailPattern, 3)}
      when 0 then ${fold('first_name')} || '.' || ${fold('last_name')}
      when 1 then ${fold('first_name')} || ${fold('last_name')}
      else ${fold('left(first_name, 1)')} || '_' || ${fold('last_name')} end
      || '.' || n || ${lit(`@${demoEmailDomain}`)},
    null,
    case when ${d.unit('s', salt.noDob)} >= 0.06 then ${ctx.today} - (age * 365 + ${d.int('s', salt.birthday, 365)}) end,
    round(height_cm)::float8,
    round((bmi * height_cm * height_cm / 10000)::numeric, 1)::float8,
    gender,
    earned - coalesce(price, 0),
    case ${goalCase} end,
    is_active, is_tracking, last_day, ${int(ctx.userRoleId)},
    case when ${d.unit('s', salt.verified)} < 0.93
      then least(${ctx.now}, created_at + (60 + ${d.int('s', salt.verifiedAfter, 3600)}) * interval '1 second') end,
    created_at,
    greatest(created_at, last_earned_at, redeemed_at)
  from (
    select u.n, u.s, u.id, u.created_at, u.is_active, u.is_tracking, t.earned, t.last_day, t.last_earned_at, t.price,
      t.redeemed_at,
      case when gx < 0.48 then 'female' when gx < 0.96 then 'male' end as gender,
      case when gx < 0.48 then ${pick(females, d.int('u.s', salt.first, femaleFirstNames.length))}
        when gx < 0.96 then ${pick(males, d.int('u.s', salt.first, maleFirstNames.length))}
        else ${pick(everyone, d.int('u.s', salt.first, femaleFirstNames.length + maleFirstNames.length))} end as first_name,
      ${pick(surnames, d.int('u.s', salt.last, lastNames.length))} as last_name,
      16 + floor(14 * ${d.unit('u.s', salt.age1)} + 14 * ${d.unit('u.s', salt.age2)}
        + 30 * ${d.unit('u.s', salt.age3)} * ${d.unit('u.s', salt.age3)})::int as age,
      (case when gx < 0.48 then 165 when gx < 0.96 then 178 else 171 end)
        + 14 * (${d.unit('u.s', salt.height1)} + ${d.unit('u.s', salt.height2)} + ${d.unit('u.s', salt.height3)} - 1.5) as height_cm,
      20 + 5 * (${d.unit('u.s', salt.bmi1)} + ${d.unit('u.s', salt.bmi2)})
        + (case when ${d.unit('u.s', salt.bmi3)} < 0.15 then 6 * ${d.unit('u.s', salt.bmi3)} / 0.15 else 0 end) as bmi,
      ${d.int('u.s', salt.goal, goalWeights)} as goal_x
    from (select u.*, ${d.unit('u.s', salt.gender)} as gx from seed_user u offset 0) u
    join seed_total t on t.n = u.n
    offset 0
  ) p
  order by id`,
        'users',
      ),
    },
    {
      phase: 'step_logs',
      writes: ['step_logs'],
      sql: counted(
        `insert into step_logs (user_id, day, steps, coins, updated_at)
  select id, day, steps, coins, sync_at from seed_walk order by id, day`,
        'step_logs',
      ),
    },
    {
      phase: 'coin_ledger',
      writes: ['coin_ledger'],
      sql: counted(
        `insert into coin_ledger (user_id, kind, amount, ref_day, created_at)
  select id, 'steps', coins, day, sync_at from seed_walk where coins > 0 order by sync_at, id`,
        'coin_ledger',
      ),
    },
    {
      phase: 'quiz_answers',
      writes: ['quiz_answers'],
      sql: counted(
        `insert into quiz_answers (user_id, quiz_id, option, is_correct, coins, created_at)
  select id, quiz_id, option, is_correct, coins, created_at from seed_answer order by id, quiz_id`,
        'quiz_answers',
      ),
    },
    {
      phase: 'coin_ledger',
      writes: ['coin_ledger'],
      sql: counted(
        `insert into coin_ledger (user_id, kind, amount, ref_id, created_at)
  select id, 'quiz', coins, quiz_id, created_at from seed_answer where coins > 0 order by created_at, id`,
        'coin_ledger',
      ),
    },
    {
      phase: 'gift_cards (redeemed) and their coin_ledger entries',
      writes: ['gift_cards', 'coin_ledger'],
      sql: `with cards as (
  insert into gift_cards (serial_number, control_code, amount, currency, store_name, store_address, valid_till,
    expiry_duration, price, user_id, redeemed_at, created_at, updated_at)
  select ${lit(demoSerialPrefix)} || upper(lpad(to_hex(${d.bits('r.s', salt.serial)}), 8, '0')) || '-R' || lpad(r.n::text, 7, '0'),
    'D' || lpad((${d.bits('r.s', salt.code)} % 100000000)::text, 8, '0') || 'R' || r.n,
    r.amount, 'SEK', ${pick(storeNames, 'r.store')}, ${pick(storeAddresses, 'r.store')},
    r.redeemed_at::date + 30 + ${d.int('r.s', salt.validFor, 700)},
    ${pick(durations, d.int('r.s', salt.expiry, expiryDurations.length))},
    r.price, r.id, r.redeemed_at, r.redeemed_at - (10 + ${d.int('r.s', salt.cardAge, 110)}) * interval '1 day', r.redeemed_at
  from (
    select t.*, u.s, ${d.int('u.s', salt.store, stores.length)} as store
    from seed_total t join seed_user u on u.n = t.n where t.price is not null
    offset 0
  ) r
  order by r.n
  returning id, user_id, price, redeemed_at
), ledger as (
  insert into coin_ledger (user_id, kind, amount, ref_id, created_at)
  select user_id, 'redeem', -price, id, redeemed_at from cards order by user_id
  returning 1
)
select (select count(*)::int from cards) as gift_cards, (select count(*)::int from ledger) as coin_ledger`,
    },
    { phase: generate, sql: 'drop table seed_user, seed_walk, seed_answer, seed_total' },
  ];
}

/** The hand-placed boxes (some opened, by the users whose totals counted them) and their 'giftbox' entries. */
function giftBoxesSql(ctx: Context): string {
  const admin = ctx.adminId === null ? 'null' : int(ctx.adminId);
  return `
with b as (
  select * from ${giftBoxDefinitionsSql(ctx)} b
), ins as (
  insert into gift_boxes (config_id, latitude, longitude, coins, expires_at, source, opened_by, opened_at, created_by, created_at)
  select config_id, latitude, longitude, coins, expires_at, 'manual', ${int(ctx.idBase)} + opener_n, opened_at, ${admin}, created_at
  from b order by k
  returning id, opened_by, opened_at, coins
), ledger as (
  insert into coin_ledger (user_id, kind, amount, ref_id, created_at)
  select opened_by, 'giftbox', coins, id, opened_at from ins where opened_by is not null
  returning 1
)
select (select count(*)::int from ins) as boxes, (select count(*)::int from ledger) as ledger`;
}

/** Gift cards nobody has redeemed yet: the stock, most valid, some past their Valid Till. */
function stockCardsSql(ctx: Context): string {
  const { d } = ctx;
  const count = Math.min(20_000, Math.max(30, Math.round(ctx.n / 100)));
  const prices = `ARRAY[${cardTiers.map((t) => int(t.price)).join(', ')}]`;
  const amounts = `ARRAY[${cardTiers.map((t) => int(t.amount)).join(', ')}]`;
  const durations = `ARRAY[${expiryDurations.map(int).join(', ')}]`;
  return `
with c as (
  select k, cs, least(${d.int('cs', salt.tier1, cardTiers.length)}, ${d.int('cs', salt.tier2, cardTiers.length)}) as tier,
    ${d.int('cs', salt.store, stores.length)} as store,
    ${d.unit('cs', salt.stockExpired)} < 0.08 as expired,
    ${d.unit('cs', salt.currency)} < 0.1 as euro
  from (select k, ${d.state('k', salt.stock)} as cs from generate_series(1, ${int(count)}) k offset 0) g
  offset 0
), ins as (
  insert into gift_cards (serial_number, control_code, amount, currency, store_name, store_address, valid_till,
    expiry_duration, price, created_at, updated_at)
  select ${lit(demoSerialPrefix)} || upper(lpad(to_hex(${d.bits('cs', salt.serial)}), 8, '0')) || '-S' || lpad(k::text, 6, '0'),
    'D' || lpad((${d.bits('cs', salt.code)} % 100000000)::text, 8, '0') || 'S' || k,
    case when euro then greatest(5, round(${pick(amounts, 'tier')} / 11.0)::int) else ${pick(amounts, 'tier')} end,
    case when euro then 'EUR' else 'SEK' end,
    ${pick(textArray(stores.map((s) => s.name)), 'store')}, ${pick(textArray(stores.map((s) => s.address)), 'store')},
    case when expired then created_at::date + 60 + ${d.int('cs', salt.validFor, 120)}
      else ${ctx.today} + 30 + ${d.int('cs', salt.validFor, 700)} end,
    ${pick(durations, d.int('cs', salt.expiry, expiryDurations.length))},
    ${pick(prices, 'tier')}, created_at, created_at
  from (
    select c.*, date_trunc('second', ${ctx.now} - (case when expired then 200 + 100 * ${d.unit('cs', salt.stockAge)}
      else 1 + 299 * ${d.unit('cs', salt.stockAge)} end) * interval '1 day') as created_at
    from c offset 0
  ) c
  order by k
  returning 1
)
select count(*)::int as n from ins`;
}

/** Complaint queries from demo users, mostly read; the recent ones often still unread. */
function queriesSql(ctx: Context): string {
  const { d } = ctx;
  const count = Math.min(20_000, Math.max(12, Math.round(ctx.n / 150)));
  const values = queryTexts.map((q, i) => `(${int(i)}, ${lit(q.title)}, ${lit(q.message)})`).join(', ');
  return `
with m as (
  select k, ms, sender, created_at,
    case when created_at > ${ctx.now} - interval '7 days' then ${d.unit('ms', salt.queryRead)} < 0.4
      else ${d.unit('ms', salt.queryRead)} < 0.97 end as is_read
  from (
    select g.*, date_trunc('second', ${ctx.now} - (${ctx.now} - ${createdAtSql(ctx, 'sender', 'sender_s')})
      * ${d.unit('ms', salt.queryAge)} * ${d.unit('ms', salt.queryAge)}) as created_at
    from (
      select k, ms, sender, ${d.state('sender', salt.user)} as sender_s
      from (select k, ms, 1 + ${d.int('ms', salt.querySender, ctx.n)} as sender
        from (select k, ${d.state('k', salt.query)} as ms from generate_series(1, ${int(count)}) k offset 0) a offset 0) b
      offset 0
    ) g
    offset 0
  ) x
), ins as (
  insert into messages (user_id, title, message, source, is_read, created_at, updated_at)
  select ${int(ctx.idBase)} + m.sender, t.title, t.message, 'Mobile', m.is_read, m.created_at, m.created_at
  from m join (values ${values}) t (i, title, message) on t.i = ${d.int('m.ms', salt.queryText, queryTexts.length)}
  order by m.k
  returning 1
)
select count(*)::int as n from ins`;
}

/**
 * Notifications already sent: each with its outbox rows delivered and its inbox entries (some
 * read), counts and status as the worker leaves them. 'all' and 'active' go to every demo user
 * who had signed up by then; they are left out when the database has app users that are not
 * demo users (forced run), whose inboxes the seed must not touch.
 */
async function insertNotifications(db: Db, ctx: Context, now: Date, broadcasts: boolean) {
  const { d } = ctx;
  const admin = ctx.adminId === null ? 'null' : int(ctx.adminId);
  const chosen = Math.min(1000, Math.max(3, Math.round(ctx.n / 100)));
  const rows = { notifications: 0, notification_deliveries: 0, inbox_notifications: 0 };
  for (const [j, t] of notificationTexts.entries()) {
    if (t.audience !== 'users' && !broadcasts) continue;
    const day = new Date(now.getTime() - t.daysAgo * 86400 * 1000);
    const sendAt = `(${timestamp(day)}::date + interval '10 hours' + ${int(j * 7)} * interval '1 minute')::timestamptz`;
    const [created] = await run<{ id: number }>(
      db,
      `insert into notifications (title, message, language, audience, send_at, status, created_by, created_at, completed_at)
      values (${lit(t.title)}, ${lit(t.message)}, ${lit(t.language)}, ${lit(t.audience)}, ${sendAt}, 'sent', ${admin},
        ${sendAt} - interval '2 minutes', ${sendAt} + interval '3 minutes')
      returning id`,
    );
    const id = int(Number(created?.id));
    const key = d.key(salt.notification + j);
    const recipients =
      t.audience === 'users'
        ? `select distinct ${int(ctx.idBase)} + 1 + ${d.int(mixSql(`k # ${key}`), salt.recipient, ctx.n)} as user_id
           from generate_series(1, ${int(chosen)}) k`
        : `select u.id as user_id from users u where u.id between ${int(ctx.idBase + 1)} and ${int(ctx.idBase + ctx.n)}
           ${t.audience === 'active' ? 'and u.is_active' : ''}`;
    const [counts] = await run<{ deliveries: number; inbox: number }>(
      db,
      `with r as (
        select u.id as user_id, u.id - ${int(ctx.idBase)} as un from (${recipients}) c join users u on u.id = c.user_id
        where u.created_at < (select send_at from notifications where id = ${id})
      ), del as (
        insert into notification_deliveries (notification_id, user_id, status, due_at, attempts, delivered_at)
        select ${id}, user_id, 'delivered', n.send_at, 1, n.send_at + (un % 170) * interval '1 second'
        from r cross join (select send_at from notifications where id = ${id}) n
        order by user_id
        returning user_id, delivered_at
      ), inbox as (
        insert into inbox_notifications (user_id, notification_id, title, message, language, read_at, created_at)
        select del.user_id, n.id, n.title, n.message, n.language,
          case when ${d.unit(`(del.user_id - ${int(ctx.idBase)}) # ${key}`, salt.inboxRead)} < 0.55
            then least(${ctx.now}, del.delivered_at + (1 + 71 * ${d.unit(`(del.user_id - ${int(ctx.idBase)}) # ${key}`, salt.inboxReadAfter)}) * interval '1 hour') end,
          del.delivered_at
        from del cross join (select * from notifications where id = ${id}) n
        returning 1
      )
      select (select count(*)::int from del) as deliveries, (select count(*)::int from inbox) as inbox`,
    );
    const delivered = counts?.deliveries ?? 0;
    if (delivered === 0) {
      // Nobody had signed up yet (a tiny demo): a notification without recipients is never sent.
      await run(db, `delete from notifications where id = ${id}`);
      continue;
    }
    await run(
      db,
      `update notifications set recipient_count = ${int(delivered)}, delivered_count = ${int(delivered)} where id = ${id}`,
    );
    rows.notifications += 1;
    rows.notification_deliveries += delivered;
    rows.inbox_notifications += counts?.inbox ?? 0;
  }
  return rows;
}
