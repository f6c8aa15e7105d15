// `npx tsx bench/app-pairs.ts` — the request path's CPU cost on a busy machine: bench/app.ts's
// GET /api/app/notifications (the caller's inbox, first page), ours and the bare route of
// bench/lib/app-server.ts in turn, one second each (ours, bare, bare, ours...), and the server
// process's CPU time per response of each. The ratio ours / bare of each adjacent pair, then the
// median of the pairs: load from other work changes both sides of a pair alike, where bench/app.ts's
// rounds of 10 s drift apart (docs/decisions/0018-request-path.md). Prints; records nothing.
//
// Environment: BENCH_APP_USERS (10000), BENCH_PAIRS (16), BENCH_REUSE=1, DATABASE_URL (PostgreSQL;
// else PGlite), BENCH_CPU_PROF=<dir> (profile the server).
import type autocannon from 'autocannon';
import { hashPassword } from '../apps/api/src/plugins/auth/index.js';
import { cannon } from './lib/bench-server.js';
import { startAppServer } from './lib/app-server.js';
import { demoDatabase } from './lib/demo.js';
import { median } from './lib/stats.js';

const users = Number(process.env.BENCH_APP_USERS ?? '10000');
const pairs = Number(process.env.BENCH_PAIRS ?? '16');
const connections = 50;
const password = 'bench-app-password';

const demo = await demoDatabase(users);
const database = await demo.open();
let rows: { id: number; email: string }[];
try {
  // bench/app.ts's app users: active, tracking, verified, of the User role, from the middle of the data.
  rows = (
    await database.query<{ id: number; email: string }>(
      `select u.id, u.email from users u join roles r on r.id = u.role_id and r.name = 'User'
       where u.id > (select max(id) / 2 from users) and u.is_active and u.is_tracking
         and u.email_verified_at is not null
       order by u.id limit $1`,
      [connections],
    )
  ).rows;
  await database.query('update users set password_hash = $1 where id = any($2::int[])', [
    await hashPassword(password),
    rows.map((r) => r.id),
  ]);
} finally {
  await database.close();
}

const server = await startAppServer(demo, { logLevel: process.env.BENCH_LOG_LEVEL });
try {
  const tokens: string[] = [];
  for (const user of rows) {
    const res = await fetch(`${server.oursUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${user.email} answered ${res.status}`);
    tokens.push(((await res.json()) as { body: { token: string } }).body.token);
  }
  type Side = 'ours' | 'bare';
  const run = async (side: Side, duration: number) => {
    let next = 0;
    const request: autocannon.Request = {
      method: 'GET',
      path: '/api/app/notifications?page=1&limit=20',
      setupRequest: (req, context) => {
        const c = context as { user?: number };
        c.user ??= next++ % rows.length;
        const headers =
          side === 'ours'
            ? { authorization: `Bearer ${tokens[c.user]!}` }
            : { 'x-bench-user': String(rows[c.user]!.id) };
        return { ...req, headers };
      },
    };
    const cpu0 = await server.cpuMicros();
    const result = await cannon({
      url: side === 'ours' ? server.oursUrl : server.bareUrl,
      connections,
      duration,
      requests: [request],
    });
    const errors = result.errors + result.non2xx;
    if (errors) throw new Error(`${side}: ${errors} errors (${JSON.stringify(result.statuses)})`);
    return ((await server.cpuMicros()) - cpu0) / result.responses;
  };
  await run('ours', 2);
  await run('bare', 2);
  const ours: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < pairs; i++) {
    for (const side of (i % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours']) as Side[])
      (side === 'ours' ? ours : bare).push(await run(side, 1));
  }
  const ratios = ours.map((o, i) => o / bare[i]!);
  console.log(
    `GET /api/app/notifications, ${pairs} pairs of 1 s: server CPU per response ours / bare, median of the pairs ` +
      `${median(ratios).toFixed(3)} (ours ${median(ours).toFixed(0)} µs, bare ${median(bare).toFixed(0)} µs, medians)`,
  );
} finally {
  await server.stop();
  await demo.dispose();
}
