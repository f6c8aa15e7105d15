import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { type ApiClient, createApiClient } from '@strideadmin/app-client';

/**
 * The simulator: app users played against a running server through the typed client
 * (@strideadmin/app-client), as phones would, then the books checked.
 *
 * 1. Set-up, as an administrator: quiz questions, a gift box config with boxes placed around one
 *    point, and gift cards to redeem, all named after the run.
 * 2. Users: each registers, verifies their address from the link the server e-mailed (read from the
 *    server's mail directory, the embedded outbox), signs in and turns step tracking on.
 * 3. Play, for the given time: each user, after a pause of a few seconds, does one thing at a time:
 *    syncs today's steps (a count that grows through the day), reads their profile, answers a quiz
 *    question, looks for boxes nearby and walks to the nearest it may open, redeems a gift card it
 *    can afford, reads its notifications, or sends a complaint. Refusals the rules make (a box
 *    someone else opened first, a card taken a moment before) are answers, not errors.
 * 4. Checks: no error answer (5xx, a dropped connection, an answer the rules do not explain);
 *    each user's balance equals the sum of their coin history; no gift card was redeemed twice (each
 *    card in at most one user's "mine", as many cards as successful redemptions); the dashboard's
 *    figures of today moved.
 */

export interface SimulateOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  users: number;
  /** How long the users play (after set-up and sign-up). */
  durationMs: number;
  /** An administrator of the server (the set-up and the dashboard). */
  admin: { email: string; password: string };
  /**
   * The server's mail directory (DATA_DIR/mail: e-mail written as files, no SMTP_URL), where the
   * verify links are read. Without it the users stay unverified, and redeeming is refused to them.
   */
  mailDir?: string;
  /** The pause between a user's actions, ms (default 2,000 to 8,000). */
  thinkMs?: [min: number, max: number];
  /** Seed of the run's choices (default: the time). */
  seed?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** The fetch the clients use (tests; default: the global fetch with a 30 s timeout). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface CallFigures {
  /** Answers by HTTP status; 0 = no answer (connection error, timeout). */
  statuses: Record<number, number>;
  p50: number;
  p99: number;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SimulationReport {
  ok: boolean;
  users: number;
  verified: number;
  seconds: number;
  calls: Record<string, CallFigures>;
  checks: Check[];
}

/** Statuses each call may answer under the rules, besides 200 (anything else is an error). */
const allowed: Record<string, number[]> = {
  steps: [],
  me: [],
  quiz: [],
  'quiz answer': [409],
  'boxes nearby': [],
  'box open': [403, 409, 410],
  catalogue: [],
  redeem: [403, 409],
  notifications: [],
  complaint: [429],
};

/** A small seeded generator (mulberry32): a run can be played again with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 0 → A, 25 → Z, 26 → BA...: names take letters only. */
function letters(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's calendar day is the day the steps are for; the simulator assumes it shares the server's time zone. */
function todayIso(now = new Date()) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

interface SimUser {
  email: string;
  password: string;
  api: ApiClient;
  latitude: number;
  longitude: number;
  steps: number;
  verified: boolean;
}

/** Metres → degrees of latitude, and of longitude at `latitude`. */
const metresToLat = (m: number) => m / 111_320;
const metresToLng = (m: number, latitude: number) => m / (111_320 * Math.cos((latitude * Math.PI) / 180));

export async function simulate(options: SimulateOptions): Promise<SimulationReport> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? Date.now();
  const rand = random(seed);
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const [thinkMin, thinkMax] = options.thinkMs ?? [2_000, 8_000];
  // Names of this run's records (unique per run, whatever the seed: a config name and e-mails must be new).
  const run = Date.now().toString(36);
  const fetch =
    options.fetch ?? ((request: Request) => globalThis.fetch(request, { signal: AbortSignal.timeout(30_000) }));
  const client = (token?: string) =>
    createApiClient({ baseUrl: options.baseUrl, fetch, headers: { 'user-agent': 'strideadmin-simulator' }, token });

  // ---- the calls' figures --------------------------------------------------------------------
  const figures = new Map<string, { statuses: Record<number, number>; ms: number[] }>();
  const unexpected: string[] = [];
  /** One call, timed and counted under `kind`; a call that got no answer counts as status 0. */
  async function call<R extends { response: Response }>(kind: string, send: () => Promise<R>): Promise<R | undefined> {
    const f = figures.get(kind) ?? { statuses: {}, ms: [] };
    figures.set(kind, f);
    const start = performance.now();
    let status = 0;
    try {
      const result = await send();
      status = result.response.status;
      return result;
    } catch (err) {
      if (unexpected.length < 20) unexpected.push(`${kind}: no answer (${(err as Error).message})`);
      return undefined;
    } finally {
      f.ms.push(performance.now() - start);
      f.statuses[status] = (f.statuses[status] ?? 0) + 1;
      if (status !== 0 && status !== 200 && !(allowed[kind] ?? []).includes(status) && unexpected.length < 20)
        unexpected.push(`${kind}: answered ${status}`);
    }
  }
  /** A set-up call that must succeed. */
  function must<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
    if (result.data === undefined)
      throw new Error(`${what}: the server answered ${result.response.status} ${JSON.stringify(result.error)}`);
    return result.data;
  }

  // ---- 1. set-up, as an administrator ---------------------------------------------------------
  const admin = client();
  const login = must(
    'signing in as the administrator',
    await admin.POST('/api/auth/login', { body: { ...options.admin, adminPortal: true } }),
  );
  admin.setToken(login.body.token);
  const dashboardToday = async () =>
    must('the dashboard', await admin.GET('/api/dashboard', { params: { query: { range: 'Today' } } })).body.totals;
  const before = await dashboardToday();

  const centre = { latitude: 59.3293 + (rand() - 0.5) * 0.2, longitude: 18.0686 + (rand() - 0.5) * 0.2 };
  const spread = 800; // metres around the centre where users and boxes are
  const around = () => {
    const r = spread * Math.sqrt(rand());
    const a = rand() * 2 * Math.PI;
    return {
      latitude: centre.latitude + metresToLat(r * Math.sin(a)),
      longitude: centre.longitude + metresToLng(r * Math.cos(a), centre.latitude),
    };
  };

  log(`set-up (run ${run}): quiz questions, gift boxes and gift cards`);
  for (let q = 0; q < 10; q++) {
    const correctOption = between(1, 4);
    must(
      'adding a quiz question',
      await admin.POST('/api/quiz', {
        body: {
          question: `Simulator ${run}: question ${q + 1}?`,
          option1: 'One',
          option2: 'Two',
          option3: 'Three',
          option4: 'Four',
          correctOption,
          language: 'en',
          coins: 5,
          isActive: true,
        },
      }),
    );
  }
  const config = must(
    'adding a gift box config',
    await admin.POST('/api/giftbox', {
      body: {
        type: `Simulator ${run}`,
        minCoins: 5,
        maxCoins: 20,
        stepsToUnlock: 1_000,
        boxesPerDay: 3,
        isActive: true,
      },
    }),
  ).body;
  const expiresAt = new Date(Date.now() + options.durationMs + 3_600_000).toISOString();
  const boxes = Math.min(Math.max(20, options.users * 2), 5_000);
  await eachLimited(Array.from({ length: boxes }), 8, async () => {
    must(
      'placing a gift box',
      await admin.POST('/api/giftbox/manual', {
        body: { configId: config.id, ...around(), coins: between(5, 20), expiresAt },
      }),
    );
  });
  const cards = Math.max(10, Math.ceil(options.users * 0.6));
  const validTill = todayIso(new Date(Date.now() + 30 * 86_400_000));
  for (let first = 0; first < cards; first += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, cards - first) }, (_, i) => ({
      serialNumber: `SIM-${run}-${first + i}`,
      controlCode: `CC-${run}-${first + i}`,
      price: String(between(10, 60)),
      currency: 'SEK',
      amount: '100',
      storeName: `Simulator store ${run}`,
      storeAddress: 'Drottninggatan 1, Stockholm',
      validTill,
      expiryDuration: '48',
      cardPicture: 'https://example.com/card.png',
    }));
    const added = await admin.POST('/api/multiplegiftcard', { body: { giftCards: rows } });
    if (added.response.status !== 200)
      throw new Error(
        `adding gift cards: the server answered ${added.response.status} ${JSON.stringify(added.error ?? added.data)}`,
      );
  }
  log(`  10 questions, ${boxes} boxes, ${cards} gift cards`);

  // ---- 2. users: register, verify, sign in, tracking on ----------------------------------------
  log(`signing up ${options.users} users`);
  const users: SimUser[] = Array.from({ length: options.users }, (_, i) => ({
    email: `sim-${run}-${i}@example.com`,
    password: `walk-${run}-${i}-${Math.floor(rand() * 1e9).toString(36)}`,
    api: client(),
    ...around(),
    steps: 0,
    verified: false,
  }));
  let limitHintShown = false;
  await eachLimited(users, 8, async (u, i) => {
    for (let attempt = 0; ; attempt++) {
      const r = await u.api.POST('/api/auth/register', {
        body: { email: u.email, name: `Walker ${letters(i)}`, password: u.password },
      });
      if (r.response.status === 200) return;
      if (r.response.status === 429 && attempt < 3) {
        if (!limitHintShown) {
          limitHintShown = true;
          log(
            '  the server limits sign-ups from one address (FORGOT_MAX_PER_IP, FORGOT_WINDOW_SECONDS): waiting as it ' +
              'asks; for many users, start the server with FORGOT_MAX_PER_IP raised',
          );
        }
        await sleep(Number(r.response.headers.get('retry-after') ?? '60') * 1000);
        continue;
      }
      throw new Error(`signing up ${u.email}: the server answered ${r.response.status} ${JSON.stringify(r.error)}`);
    }
  });

  if (options.mailDir) {
    const tokens = await verifyLinks(options.mailDir, new Set(users.map((u) => u.email)), log);
    await eachLimited(users, 8, async (u) => {
      const token = tokens.get(u.email);
      if (!token) return;
      const r = await u.api.POST('/api/auth/verifyToken', { body: { temp_code: token } });
      u.verified = r.response.status === 200;
    });
  } else log('  no mail directory given: users stay unverified (redeeming needs a verified address)');
  const verified = users.filter((u) => u.verified).length;
  log(`  ${verified} of ${users.length} verified their address`);

  await eachLimited(users, 8, async (u) => {
    const r = must(
      'signing in a user',
      await u.api.POST('/api/auth/login', { body: { email: u.email, password: u.password } }),
    );
    u.api.setToken(r.body.token);
    must('turning tracking on', await u.api.PUT('/api/app/me', { body: { isTracking: true } }));
  });

  // ---- 3. play ---------------------------------------------------------------------------------
  const redeemed: number[] = [];
  const actions: Array<[weight: number, act: (u: SimUser) => Promise<void>]> = [
    [
      40,
      async (u) => {
        u.steps = Math.min(u.steps + between(200, 1_500), 30_000);
        await call('steps', () => u.api.POST('/api/app/steps', { body: { date: todayIso(), steps: u.steps } }));
      },
    ],
    [8, async (u) => void (await call('me', () => u.api.GET('/api/app/me')))],
    [
      14,
      async (u) => {
        const page = await call('quiz', () => u.api.GET('/api/app/quiz', { params: { query: { limit: 1 } } }));
        const question = page?.data?.body.rows[0];
        if (question)
          await call('quiz answer', () =>
            u.api.POST('/api/app/quiz/{id}/answer', {
              params: { path: { id: question.id } },
              body: { option: between(1, 4) },
            }),
          );
      },
    ],
    [
      16,
      async (u) => {
        const near = await call('boxes nearby', () =>
          u.api.GET('/api/app/giftboxes', {
            params: { query: { lat: String(u.latitude), lng: String(u.longitude), radius: 1_000 } },
          }),
        );
        const box = near?.data?.body.rows.find((b) => b.unlocked);
        if (!box) return;
        // Walk to it: the phone is then at the box.
        u.latitude = box.latitude + metresToLat(between(-20, 20));
        u.longitude = box.longitude + metresToLng(between(-20, 20), box.latitude);
        await call('box open', () =>
          u.api.POST('/api/app/giftbox/{id}/open', {
            params: { path: { id: box.id } },
            body: { latitude: u.latitude, longitude: u.longitude },
          }),
        );
      },
    ],
    [
      12,
      async (u) => {
        const offer = await call('catalogue', () =>
          u.api.GET('/api/app/giftcards', { params: { query: { affordable: 'true', limit: 5 } } }),
        );
        const rows = offer?.data?.body.rows ?? [];
        const card = rows[between(0, Math.max(rows.length - 1, 0))];
        if (!card) return;
        const r = await call('redeem', () =>
          u.api.POST('/api/app/giftcard/{id}/redeem', { params: { path: { id: card.id } } }),
        );
        if (r?.response.status === 200) redeemed.push(card.id);
      },
    ],
    [8, async (u) => void (await call('notifications', () => u.api.GET('/api/app/notifications')))],
    [
      2,
      async (u) =>
        void (await call('complaint', () =>
          u.api.POST('/api/app/message', {
            body: { title: 'Steps missing', message: `Simulated complaint from ${u.email}: my steps did not sync.` },
          }),
        )),
    ],
  ];
  const totalWeight = actions.reduce((n, [w]) => n + w, 0);
  const pick = () => {
    let x = rand() * totalWeight;
    for (const [w, act] of actions) if ((x -= w) < 0) return act;
    return actions[0]![1];
  };

  log(`playing for ${(options.durationMs / 1000).toFixed(0)} s`);
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    users.map(async (u) => {
      await sleep(rand() * thinkMax); // the phones do not all wake at once
      while (performance.now() < deadline) {
        await pick()(u);
        await sleep(between(thinkMin, thinkMax));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // ---- 4. checks -------------------------------------------------------------------------------
  log('checking the books');
  const checks: Check[] = [];
  const calls: Record<string, CallFigures> = {};
  let answers = 0;
  let errors = 0;
  for (const [kind, f] of figures) {
    const sorted = [...f.ms].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    calls[kind] = { statuses: f.statuses, p50: at(0.5), p99: at(0.99) };
    for (const [status, n] of Object.entries(f.statuses)) {
      answers += n;
      const s = Number(status);
      if (s === 0 || (s !== 200 && !(allowed[kind] ?? []).includes(s))) errors += n;
    }
  }
  checks.push({
    name: 'no errors',
    ok: errors === 0 && answers > 0,
    detail:
      errors === 0
        ? `${answers} calls, none answered 5xx, dropped or refused outside the rules`
        : `${errors} of ${answers} calls: ${unexpected.join('; ')}`,
  });

  const mismatched: string[] = [];
  const owners = new Map<number, number>();
  let mine = 0;
  await eachLimited(users, 8, async (u) => {
    const me = must('reading a profile', await u.api.GET('/api/app/me')).body;
    let sum = 0;
    for (let page = 1; ; page++) {
      const { rows, count } = must(
        'reading a coin history',
        await u.api.GET('/api/app/ledger', { params: { query: { page, limit: 100 } } }),
      ).body;
      for (const entry of rows) sum += entry.amount;
      if (rows.length === 0 || page * 100 >= count) break;
    }
    if (sum !== me.totalCoins) mismatched.push(`${u.email}: balance ${me.totalCoins}, history ${sum}`);
    for (let page = 1; ; page++) {
      const { rows, count } = must(
        "reading a user's gift cards",
        await u.api.GET('/api/app/giftcards/mine', { params: { query: { page, limit: 100 } } }),
      ).body;
      for (const card of rows) {
        mine += 1;
        owners.set(card.id, (owners.get(card.id) ?? 0) + 1);
      }
      if (rows.length === 0 || page * 100 >= count) break;
    }
  });
  checks.push({
    name: 'balances equal their coin history',
    ok: mismatched.length === 0,
    detail: mismatched.length === 0 ? `${users.length} users` : mismatched.slice(0, 10).join('; '),
  });
  const twice = [...owners].filter(([, n]) => n > 1).map(([id]) => id);
  checks.push({
    name: 'no gift card redeemed twice',
    ok: twice.length === 0 && mine === redeemed.length && new Set(redeemed).size === redeemed.length,
    detail:
      `${redeemed.length} redemptions answered 200; ${mine} cards held by the users` +
      (twice.length > 0 ? `; held twice: ${twice.slice(0, 10).join(', ')}` : ''),
  });
  const after = await dashboardToday();
  checks.push({
    name: "the dashboard's figures moved",
    ok: after.steps > before.steps && after.coinsEarned > before.coinsEarned && after.newUsers > before.newUsers,
    detail:
      `today's steps ${before.steps} → ${after.steps}, coins earned ${before.coinsEarned} → ${after.coinsEarned}, ` +
      `new users ${before.newUsers} → ${after.newUsers}, cards redeemed ${before.giftCardsRedeemed} → ${after.giftCardsRedeemed}`,
  });

  return { ok: checks.every((c) => c.ok), users: users.length, verified, seconds, calls, checks };
}

/**
 * The verify links the server e-mailed to `addresses`, read from its mail directory (MIME files),
 * waiting up to 15 s for the last ones (the server sends in the background): address → token.
 */
async function verifyLinks(dir: string, addresses: Set<string>, log: (line: string) => void) {
  const tokens = new Map<string, string>();
  const read = new Set<string>();
  const until = Date.now() + 15_000;
  while (tokens.size < addresses.size && Date.now() < until) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml') && !read.has(f));
    for (const file of files) {
      read.add(file);
      const mail = await simpleParser(await readFile(path.join(dir, file)));
      const to: AddressObject[] = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
      const address = to.flatMap((a) => a.value.map((v) => v.address ?? ''))[0]?.toLowerCase();
      if (!address || !addresses.has(address)) continue;
      for (const link of (mail.text ?? '').match(/https?:\/\/[^\s<>"]+/g) ?? []) {
        const url = new URL(link);
        const token = url.searchParams.get('token');
        if (url.pathname === '/verify-account' && token) tokens.set(address, token);
      }
    }
    if (tokens.size < addresses.size) await sleep(250);
  }
  if (tokens.size < addresses.size) log(`  verify links found for ${tokens.size} of ${addresses.size} users in ${dir}`);
  return tokens;
}
