import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditMessages, messages } from '@strideadmin/contract';
import { TokenService } from '../../src/plugins/auth/index.js';
import {
  buildTestApp,
  createComplaintQuery,
  createGiftBox,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  createUser,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../helpers/index.js';
import {
  acceptableRequest,
  type FuzzCase,
  type IdPools,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  refusedRequest,
  unauthorisedRequest,
} from './fuzz-arbitraries.js';

/**
 * Fuzzed bad input on every call the server's OpenAPI document lists (so a new
 * route is fuzzed without anyone listing it here). Properties:
 * - never a 5xx;
 * - a refusal is the envelope `{ message, errors? }`, its message a clear one (the contract's
 *   words, never a stack, SQL or an echo of the input);
 * - a request the server must refuse (a part breaks the call's schema, or no/wrong token) is
 *   refused with a 4xx, and requests refused leave every table as it was.
 *
 * Reproducible: a fixed seed unless FUZZ_SEED is set; FUZZ_RUNS sets the number of requests.
 */
const defaultRuns = 10_500;
const seed = Number(process.env.FUZZ_SEED ?? 9_2024);
const totalRuns = Number(process.env.FUZZ_RUNS ?? defaultRuns);

// Where the requests go: most must be refused; some may pass and reach the database.
const share = { refused: 0.74, unauthorised: 0.1, acceptable: 0.16 };

const knownMessages = new Set<string>(
  [...Object.values(messages), ...Object.values(auditMessages)].filter((m) => typeof m === 'string'),
);

/**
 * A clear message: one of the contract's (messages.ts, or a rule's own words in the contract's
 * schemas), or its words for a field of the wrong type or out of bounds (zod-messages.ts:
 * "amount must be a number.", "giftCards[2].amount is required."), which name the field and the
 * rule and never the input. Never zod's own text, a stack, the database's or a driver's words, nor
 * an echo of what was sent.
 */
const contractWords = [
  /^The id must be a number\.$/,
  /^(page|limit) must be a number\.$/,
  /^At most \d+ characters\.$/,
  /^isRead must be true or false\.$/,
  /^range must be Today, Week, Month, Year or All\.$/,
  /^A value is too long\.$/,
  // messages.stepsDateTooOld / stepsAboveMax, of the configured window and cap
  /^Steps can be synced only for today and the \d+ days? before\.$/,
  /^Steps can not be more than [\d,]+ for a day\.$/,
];
const fieldName = String.raw`(The value|[A-Za-z_]\w*(\[\d+\]|\.[A-Za-z_]\w*)*)`;
const fieldWords = new RegExp(
  `^${fieldName}(, ${fieldName})* (is required|is not valid|can not be empty|must [^<>'"]+|can have at most [^<>'"]+|is not a field of this call|are not fields of this call)\\.$`,
);
const leaks = [
  /\n/,
  /\bat .+:\d+/,
  /Error\b/,
  /Internal/i,
  /\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE)\b/,
  /relation "|column "|violates|duplicate key|syntax error|invalid input syntax/i,
  /FST_|ERR_|\bE[A-Z]{4,}\b|\b\d{2}[A-Z]\d{2}\b/,
  /node_modules|\.[jt]s\b/,
  /\[object |<script|onerror|' OR|DROP TABLE/i,
];

function problemsWith(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim() === '') return 'no message';
  const leak = leaks.find((re) => re.test(message));
  if (leak) return `a message that matches ${leak}`;
  const known = knownMessages.has(message) || contractWords.some((re) => re.test(message)) || fieldWords.test(message);
  return known ? null : "a message that is neither the contract's nor a rule's";
}

function describeCase(c: FuzzCase, res?: LightMyRequestResponse): string {
  const payload =
    c.payload === undefined ? '(none)' : `${JSON.stringify(c.payload.slice(0, 300))} (${c.payload.length} chars)`;
  const lines = [
    `${c.method} ${c.url.slice(0, 300)}${c.url.length > 300 ? `… (${c.url.length} chars)` : ''}`,
    `sender: ${c.sender}; must be refused: ${c.breaker ?? 'no'}`,
    `content-type: ${c.headers['content-type'] ?? '(none)'}; body: ${payload}`,
  ];
  if (res) lines.push(`answer: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return lines.join('\n');
}

/** Columns any signed-in request may renew, refused or not (a session's last use): left out of "changed". */
const touchedOnUse: Record<string, string[]> = { sessions: ['last_seen_at'] };

describe('fuzzed requests to every call', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let appUser: LoggedIn;
  let ops: Operation[];
  let ids: IdPools;
  let forgedTokens: { algNone: string; wrongKey: string };
  let checksumSql: string;
  const statuses = new Map<string, number>();
  let sent = 0;

  beforeAll(async () => {
    console.log(`fuzz: seed ${seed}, ${totalRuns} requests (FUZZ_SEED / FUZZ_RUNS to change)`);
    // Thousands of app calls from one app user: the per-user rate limits are tested elsewhere
    // (mobile-app-rate-limit.test.ts) and would only turn the fuzzed calls into 429s here.
    t = await buildTestApp({ env: { APP_RATE_LIMIT_PER_MINUTE: '100000', APP_MESSAGE_LIMIT_PER_MINUTE: '100000' } });
    admin = await loginAs(t, 'Admin');
    appUser = await loginAs(t, 'User', { user: { totalCoins: 100_000, isTracking: true } });

    // Rows to aim at (never the two signed-in accounts: a fuzzed password or role would sign them out).
    const victims = [
      (await createUser(t.db)).id,
      (await createUser(t.db, { role: 'Admin' })).id,
      (await createUser(t.db, { password: null })).id,
    ];
    const giftCards = [
      await createGiftCard(t.db),
      await createGiftCard(t.db, { price: 1 }),
      await createGiftCard(t.db),
    ];
    const quiz = [await createQuiz(t.db), await createQuiz(t.db, { language: 'sv' }), await createQuiz(t.db)];
    const configs = [await createGiftBoxConfig(t.db), await createGiftBoxConfig(t.db, { stepsToUnlock: 0 })];
    const boxes = [await createGiftBox(t.db, configs[1]!), await createGiftBox(t.db, configs[0]!)];
    const queries = [
      await createComplaintQuery(t.db, { userId: appUser.user.id }),
      await createComplaintQuery(t.db, { userId: null }),
    ];
    const notifications: number[] = [];
    for (const title of ['Walk more', 'Gå mer']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notification',
        headers: admin.headers,
        payload: {
          title,
          message: 'Ten thousand steps today',
          language: 'en',
          audience: 'users',
          userIds: [appUser.user.id],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      notifications.push(res.json<{ body: { id: number } }>().body.id);
    }
    ids = {
      users: [...victims, appUser.user.id],
      configs,
      forOperation(op) {
        const p = op.path.replace(/^\/api\//, '');
        if (p.startsWith('users')) return victims;
        if (p.startsWith('profile')) return [admin.user.id];
        if (p.startsWith('giftcard') || p.startsWith('app/giftcard')) return giftCards;
        if (p.startsWith('giftbox/manual') || p.startsWith('app/giftbox')) return boxes;
        if (p.startsWith('giftbox')) return configs;
        if (p.startsWith('quiz') || p.startsWith('app/quiz')) return quiz;
        if (p.startsWith('notification')) return notifications;
        if (p.startsWith('message')) return queries;
        return [];
      },
    };

    const claims = JSON.parse(Buffer.from(admin.token.split('.')[1]!, 'base64url').toString()) as object;
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    forgedTokens = {
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      wrongKey: await new TokenService('another-secret-of-at-least-32-characters!!', '1h').sign({
        userId: admin.user.id,
        audience: 'admin',
        passwordFingerprint: (claims as { pwf: string }).pwf,
        sessionId: (claims as { sid: string }).sid,
      }),
    };

    // The server's own list of calls.
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    // Not the caller's own sessions (/api/auth/logout, logout-all, session, sessions): they take no
    // input, any signed-in account's token (so "the other audience's" is not a wrong one), and
    // signing out would end the sessions every other case is sent with. Tried in sessions.test.ts
    // and the authorisation matrix.
    ops = operationsOf(doc.json<OpenApiDocument>()).filter((op) => !/^\/api\/auth\/(logout|session)/.test(op.path));

    // Every table of the database, as counts and a checksum of its rows.
    const { rows } = await t.database.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    // And a count of the rows written (inserted, updated, deleted) by committed transactions: a
    // trigger on every table, cheap enough to read after each request (test database only).
    await t.database.query('create table fuzz_row_writes (n bigint not null)');
    await t.database.query('insert into fuzz_row_writes values (0)');
    await t.database.query(
      'create function fuzz_count_row_write() returns trigger language plpgsql as $$ begin update fuzz_row_writes set n = n + 1; return null; end $$',
    );
    for (const { name } of rows) {
      // A session's last use is renewed by any signed-in request, refused or not: not a write of it.
      const { rows: columns } = await t.database.query<{ name: string }>(
        'select column_name as name from information_schema.columns where table_schema = $1 and table_name = $2',
        ['public', name],
      );
      const written = columns.map((c) => c.name).filter((c) => !(touchedOnUse[name] ?? []).includes(c));
      await t.database.query(
        `create trigger fuzz_count_row_write after insert or update of ${written.map((c) => `"${c}"`).join(', ')} or delete on "${name}" for each row execute function fuzz_count_row_write()`,
      );
      await t.database.query(
        `create trigger fuzz_count_truncate after truncate on "${name}" for each statement execute function fuzz_count_row_write()`,
      );
    }
    checksumSql = rows
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*)::int as n, md5(coalesce(string_agg(md5(x::text), '' order by md5(x::text)), '')) as sum from (select to_jsonb(r) - '{${(touchedOnUse[name] ?? []).join(',')}}'::text[] as x from "${name}" r) r`,
      )
      .join(' union all ');
  }, 60_000);
  afterAll(() => t?.close());

  /** Every table's row count and checksum, once the work started by earlier answers is done. */
  async function snapshot(): Promise<string> {
    await t.app.background.idle();
    const { rows } = await t.database.query<{ name: string; n: number; sum: string }>(checksumSql);
    return rows.map((r) => `${r.name}: ${r.n} rows, ${r.sum}`).join('\n');
  }

  /** The newest audit entry's id and action (0 and none before the first). */
  async function newestAuditEntry(): Promise<{ id: number; action: string | null }> {
    const { rows } = await t.database.query<{ id: string; action: string }>(
      'select id, action from audit_entries order by id desc limit 1',
    );
    return { id: Number(rows[0]?.id ?? 0), action: rows[0]?.action ?? null };
  }

  /** Rows written by committed transactions so far (after the work earlier answers started). */
  async function rowWrites(): Promise<number> {
    await t.app.background.idle();
    const { rows } = await t.database.query<{ n: string }>('select n from fuzz_row_writes');
    return Number(rows[0]!.n);
  }

  function authorization(c: FuzzCase): string | undefined {
    const own = c.op.audience === 'app' ? appUser : admin;
    const other = c.op.audience === 'app' ? admin : appUser;
    switch (c.sender) {
      case 'proper':
        return c.op.audience === 'public' ? undefined : own.headers.authorization;
      case 'none':
        return undefined;
      case 'garbage':
        return 'Bearer not.a.token';
      case 'alg-none':
        return `Bearer ${forgedTokens.algNone}`;
      case 'wrong-key':
        return `Bearer ${forgedTokens.wrongKey}`;
      case 'other-audience':
        return other.headers.authorization;
    }
  }

  /** Sends one case and checks what every answer must be; answers the response. */
  async function send(c: FuzzCase): Promise<LightMyRequestResponse> {
    const auth = authorization(c);
    const res = await t.app.inject({
      method: c.method as 'GET',
      url: c.url,
      headers: auth ? { ...c.headers, authorization: auth } : c.headers,
      payload: c.payload,
    });
    sent += 1;
    const key = `${res.statusCode}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);

    const fail = (why: string) => {
      throw new Error(`${why}\n${describeCase(c, res)}`);
    };
    if (res.statusCode >= 500) fail('a 5xx');
    if (c.breaker !== null && (res.statusCode < 400 || res.statusCode >= 500)) fail('not refused');
    if (res.statusCode >= 400) {
      if (!/^application\/json/.test(String(res.headers['content-type']))) fail('a refusal that is not JSON');
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        fail('a refusal that is not JSON');
      }
      const envelope = body as { message?: unknown; errors?: unknown };
      // A conflict (409) carries the stored record beside its message, for the form to show.
      const keys = Object.keys(envelope).filter(
        (k) => k !== 'message' && k !== 'errors' && !(k === 'body' && res.statusCode === 409),
      );
      if (keys.length > 0) fail(`an envelope with ${keys.join(', ')}`);
      const problem = problemsWith(envelope.message);
      if (problem) fail(problem);
      if (envelope.errors !== undefined) {
        if (!Array.isArray(envelope.errors) || envelope.errors.length === 0) fail('errors that are not a list');
        for (const e of envelope.errors as unknown[]) {
          const p = problemsWith(e);
          if (p) fail(`errors[] with ${p}`);
        }
      }
    }
    return res;
  }

  /** Runs `arb` for `numRuns` requests; `check` sees each answer. */
  async function fuzz(
    label: string,
    index: number,
    arb: fc.Arbitrary<FuzzCase>,
    numRuns: number,
    check: (c: FuzzCase, res: LightMyRequestResponse) => Promise<void> = async () => {},
  ) {
    const described = arb.map((c) => Object.defineProperty(c, fc.toStringMethod, { value: () => describeCase(c) }));
    await fc
      .assert(
        fc.asyncProperty(described, async (c) => check(c, await send(c))),
        { seed: seed + index, numRuns, endOnFailure: true },
      )
      .catch((err: unknown) => {
        const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
        throw new Error(`${label} (seed ${seed + index}): ${err instanceof Error ? err.message : String(err)}${cause}`);
      });
  }

  const perCall = (phaseShare: number, calls: number) => Math.max(1, Math.ceil((totalRuns * phaseShare) / calls));

  it('reads every call from the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.filter((o) => o.audience === 'app').length).toBeGreaterThan(4);
    expect(ops.filter((o) => o.body).length).toBeGreaterThan(15);
  });

  it("refuses requests that break a call's schema: 4xx envelope, clear message, no table changed", async () => {
    const targets = ops.flatMap((op, i) => {
      const arb = refusedRequest(op, { op, ids });
      return arb ? [{ op, i, arb }] : [];
    });
    const runs = perCall(share.refused, targets.length);
    for (const { op, i, arb } of targets) {
      const before = await snapshot();
      await fuzz(`refused ${op.name}`, i, arb, runs);
      expect(await snapshot(), `${op.name}: refused requests changed the database`).toBe(before);
    }
  }, 120_000);

  it('refuses calls without the right token, whatever the input: 401/403, no table changed', async () => {
    const targets = ops.flatMap((op, i) => (op.audience === 'public' ? [] : [{ op, i }]));
    const runs = perCall(share.unauthorised, targets.length);
    for (const { op, i } of targets) {
      const before = await snapshot();
      await fuzz(`unauthorised ${op.name}`, 1000 + i, unauthorisedRequest(op, { op, ids }), runs, async (c, res) => {
        expect([401, 403], describeCase(c, res)).toContain(res.statusCode);
      });
      expect(await snapshot(), `${op.name}: refused requests changed the database`).toBe(before);
    }
  }, 120_000);

  it('answers hostile but valid-looking input without a 5xx; what it refuses changes no table', async () => {
    // Calls whose body holds a password cost a password hash each: fewer of those.
    const hashes = (op: Operation) => Object.keys(op.body?.properties ?? {}).some((k) => /password/i.test(k));
    const runs = perCall(share.acceptable, ops.length);
    let before = await rowWrites();
    let auditBefore = await newestAuditEntry();
    for (const [i, op] of ops.entries()) {
      await fuzz(
        `acceptable ${op.name}`,
        2000 + i,
        acceptableRequest(op, { op, ids }),
        hashes(op) ? Math.ceil(runs / 3) : runs,
        async (c, res) => {
          const after = await rowWrites();
          const auditAfter = await newestAuditEntry();
          if (res.statusCode >= 400) {
            // The one refusal that writes: a refused sign-in to the portal is its audit entry
            // (docs/operations/audit-log.md), and nothing else. Any other refusal writes no entry.
            const signInFailed =
              op.path === '/api/auth/login' &&
              auditAfter.id === auditBefore.id + 1 &&
              auditAfter.action === 'sign-in-failed'
                ? 1
                : 0;
            expect(after - before, `a refusal wrote to the database\n${describeCase(c, res)}`).toBe(signInFailed);
          }
          before = after;
          auditBefore = auditAfter;
        },
      );
    }
    // The fuzzing did not sign its own accounts out (it would have fuzzed the guard only).
    for (const [who, url] of [
      [admin, '/api/users'],
      [appUser, '/api/app/notifications'],
    ] as const) {
      expect((await t.app.inject({ url, headers: who.headers })).statusCode).toBe(200);
    }
  }, 120_000);

  it(`sent at least ${defaultRuns === totalRuns ? '10,000' : 'the asked number of'} requests`, () => {
    console.log(`fuzz: ${sent} requests, answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    // Each call gets its share rounded up, the password-hashing ones a third of it.
    expect(sent).toBeGreaterThanOrEqual(totalRuns === defaultRuns ? 10_000 : Math.floor(totalRuns * 0.9));
  });
});
