// `npm run simulate -- --users 1000 --minutes 5`: plays app users against a running server (see
// simulate.ts), prints what the calls answered and the checks, and exits 1 when a check fails.
//
//   --url URL             the server (default http://127.0.0.1:$PORT, PORT default 3000)
//   --users N             app users to sign up and play (default 100)
//   --minutes M           how long they play, after set-up and sign-up (default 5; decimals allowed)
//   --admin-email E       an administrator (default $ADMIN_EMAIL, else admin@example.com)
//   --admin-password P    their password (default $ADMIN_PASSWORD, else DATA_DIR/initial-admin-password)
//   --data-dir DIR        the server's DATA_DIR when it runs on this machine (default $DATA_DIR, else ./data):
//                         its mail directory holds the verify links, and the first administrator's password
//   --mail-dir DIR        the server's mail directory, if not DATA_DIR/mail ('' for none: users stay unverified)
//   --pause MIN-MAX       each user's pause between actions, ms (default 2000-8000)
//   --seed N              the run's seed (its choices can be played again)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { simulatorEnv } from './config.js';
import { simulate } from './simulate.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    users: { type: 'string', default: '100' },
    minutes: { type: 'string', default: '5' },
    'admin-email': { type: 'string' },
    'admin-password': { type: 'string' },
    'data-dir': { type: 'string' },
    'mail-dir': { type: 'string' },
    pause: { type: 'string', default: '2000-8000' },
    seed: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`simulate: ${message}`);
  process.exit(2);
}

const users = Number(values.users);
const minutes = Number(values.minutes);
if (!Number.isInteger(users) || users < 1 || users > 100_000) fail('--users must be a whole number from 1 to 100,000');
if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60)
  fail('--minutes must be more than 0 and at most 1,440');
const pause = /^(\d+)-(\d+)$/.exec(values.pause);
if (!pause || Number(pause[1]) > Number(pause[2])) fail('--pause must be MIN-MAX in ms, e.g. 2000-8000');
const thinkMs: [number, number] = [Number(pause[1]), Number(pause[2])];
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed)) fail('--seed must be a whole number');

const env = simulatorEnv();
const dataDir = path.resolve(values['data-dir'] ?? env.dataDir);
const baseUrl = values.url ?? `http://127.0.0.1:${env.port}`;
const email = values['admin-email'] ?? env.adminEmail;
const passwordFile = path.join(dataDir, 'initial-admin-password');
const password =
  values['admin-password'] ??
  env.adminPassword ??
  (existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : undefined);
if (!password)
  fail(
    `no administrator password: give --admin-password (or ADMIN_PASSWORD), or --data-dir of a server whose ${passwordFile} exists`,
  );
const mailDir = values['mail-dir'] === '' ? undefined : path.resolve(values['mail-dir'] ?? path.join(dataDir, 'mail'));

console.log(`Simulating ${users} app users for ${minutes} min against ${baseUrl}`);
try {
  const report = await simulate({
    baseUrl,
    users,
    durationMs: minutes * 60_000,
    admin: { email, password },
    mailDir,
    thinkMs,
    seed,
    log: (line) => console.log(line),
  });
  console.log(`\nCalls (${report.seconds.toFixed(0)} s of play, ${report.users} users, ${report.verified} verified):`);
  const rows = Object.entries(report.calls).sort(([a], [b]) => a.localeCompare(b));
  for (const [kind, f] of rows) {
    const total = Object.values(f.statuses).reduce((a, b) => a + b, 0);
    const statuses = Object.entries(f.statuses)
      .map(([s, n]) => `${s === '0' ? 'no answer' : s} ×${n}`)
      .join(', ');
    console.log(
      `  ${kind.padEnd(14)} ${String(total).padStart(7)} calls  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  (${statuses})`,
    );
  }
  console.log('\nChecks:');
  for (const c of report.checks) console.log(`  ${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  const cause = (err as { cause?: { code?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED') fail(`no server answers at ${baseUrl}: start it (npm start) or give --url`);
  fail((err as Error).message);
}
