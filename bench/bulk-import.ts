// `npm run bench` — bulk gift-card import, as ratios against baselines measured in the
// same run on the same machine:
//   1. parse + validate 10,000 CSV rows with the contract code (absolute figure; goal ≤ 300 ms);
//   2. POST /api/multiplegiftcard of 10,000 rows through real HTTP, versus a raw COPY of the same
//      rows into the same table of the same database (goal ≤ 3×).
// Database: PostgreSQL when DATABASE_URL is set, else PGlite (in memory). Never fails: it prints.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { csvToBulkRows, giftCardCsvColumns, validateBulkRows } from '@strideadmin/contract';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openPostgres, wrapPglite, type Database } from '../apps/api/src/db/client.js';
import { hashPassword } from '../apps/api/src/plugins/auth/index.js';
import { insertUser } from '../apps/api/src/modules/users/index.js';
import { recordSection } from './lib/results.js';
import { median, ms, verdict } from './lib/stats.js';

const ROWS = 10_000;
const RUNS = 5;
// On PostgreSQL the bench works in a database of its own, created and dropped here: it truncates
// tables, so it must never touch the one DATABASE_URL names.
const serverUrl = process.env.DATABASE_URL;
const benchDb = `strideadmin_bench_${process.pid}`;
let databaseUrl: string | undefined;
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${benchDb}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${benchDb}`;
  databaseUrl = u.toString();
}
const driver = databaseUrl ? 'postgres' : 'pglite';

function rows(run: number) {
  return Array.from({ length: ROWS }, (_, i) => ({
    id: `r${i}`,
    serialNumber: `B${run}-SN-${i}`,
    controlCode: `B${run}-CC-${i}`,
    price: String(100 + (i % 900)),
    currency: 'SEK',
    amount: String(50 + (i % 450)),
    storeName: `store ${i % 97}`,
    storeAddress: `street ${i}, city`,
    validTill: '2031-12-31',
    expiryDuration: String(i % 2000),
    cardPicture: `http://localhost:3000/uploads/gift_card_images/${i}.png`,
  }));
}

function csvText(run: number) {
  const header = giftCardCsvColumns.map((c) => c.header).join(',');
  const body = rows(run).map((r) => giftCardCsvColumns.map((c) => `"${r[c.key]}"`).join(','));
  return [header, ...body].join('\r\n');
}

// 1. parse + validate
const parseTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const text = csvText(run);
  const t0 = performance.now();
  const parsed = csvToBulkRows(text);
  const errors = validateBulkRows(parsed);
  parseTimes.push(performance.now() - t0);
  if (errors.some((e) => e.length)) throw new Error('bench rows should be valid');
}

// 2. POST /multiplegiftcard vs COPY
const dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-'));
let database: Database;
let pglite: PGlite | undefined;
if (databaseUrl) database = openPostgres(databaseUrl);
else {
  pglite = await PGlite.create({ extensions: { pg_trgm } });
  database = await wrapPglite(pglite);
}
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PORT: '0',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
});
const app = await buildApp({
  config,
  database,
  jwtSecret: 'bench-secret-bench-secret-bench-secret-1234',
  logger: false,
});
const email = `bench-${Date.now()}@example.com`;
await insertUser(database.db, {
  name: 'Bench Admin',
  email,
  passwordHash: await hashPassword('bench-password'),
  role: 'Admin',
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'bench-password', adminPortal: true }),
});
const token = ((await login.json()) as { body: { token: string } }).body.token;

const copyColumns =
  'serial_number, control_code, price, currency, amount, store_name, store_address, valid_till, expiry_duration, card_picture';
function copyCsv(run: number) {
  return rows(run)
    .map((r) =>
      [
        r.serialNumber,
        r.controlCode,
        r.price,
        r.currency,
        r.amount,
        `"${r.storeName}"`,
        `"${r.storeAddress}"`,
        r.validTill,
        r.expiryDuration,
        r.cardPicture,
      ].join(','),
    )
    .join('\n');
}
async function rawCopy(run: number) {
  const csv = copyCsv(run);
  if (pglite) {
    await pglite.query(`COPY gift_cards (${copyColumns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob([csv]),
    });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await pipeline(
      Readable.from([csv]),
      client.query(copyFrom(`COPY gift_cards (${copyColumns}) FROM STDIN WITH (FORMAT csv)`)),
    );
  } finally {
    await client.end();
  }
}
async function clear() {
  if (pglite) await pglite.query('TRUNCATE gift_cards');
  else {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query('TRUNCATE gift_cards');
    await c.end();
  }
}

const apiTimes: number[] = [];
const copyTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  await clear();
  let t0 = performance.now();
  await rawCopy(run);
  copyTimes.push(performance.now() - t0);
  await clear();
  const payload = JSON.stringify({ giftCards: rows(run) });
  t0 = performance.now();
  const res = await fetch(`${address}/api/multiplegiftcard`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: payload,
  });
  await res.arrayBuffer();
  apiTimes.push(performance.now() - t0);
  if (res.status !== 200) throw new Error(`import answered ${res.status}`);
}
await clear();
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
if (serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${benchDb}`);
  await admin.end();
}

const parse = median(parseTimes);
const api = median(apiTimes);
const copy = median(copyTimes);
const parseMet = parse <= 300;
const importMet = api / copy <= 3;
console.log(`\nBulk import of ${ROWS} gift cards (database: ${driver}; median of ${RUNS})`);
console.table({
  'parse + validate (contract)': { time: ms(parse), baseline: '—', ratio: '—', goal: `≤ 300 ms ${verdict(parseMet)}` },
  'POST /api/multiplegiftcard': {
    time: ms(api),
    baseline: `COPY ${ms(copy)}`,
    ratio: `${(api / copy).toFixed(2)}×`,
    goal: `≤ 3× ${verdict(importMet)}`,
  },
});
await recordSection(
  'bulkImport',
  {
    rows: ROWS,
    runs: RUNS,
    parseValidateMs: +parse.toFixed(1),
    parseValidateGoalMs: 300,
    apiMs: +api.toFixed(1),
    copyMs: +copy.toFixed(1),
    ratioToCopy: +(api / copy).toFixed(2),
    ratioGoal: 3,
  },
  [
    {
      figure: `parse + validate ${ROWS.toLocaleString('en-US')} CSV rows (contract code)`,
      value: ms(parse),
      baseline: '—',
      ratio: '—',
      goal: '≤ 300 ms',
      met: parseMet,
    },
    {
      figure: `POST /api/multiplegiftcard, ${ROWS.toLocaleString('en-US')} rows`,
      value: ms(api),
      baseline: `COPY ${ms(copy)}`,
      ratio: `${(api / copy).toFixed(2)}×`,
      goal: '≤ 3×',
      met: importMet,
    },
  ],
);
