import { mkdir } from 'node:fs/promises';
import Fastify from 'fastify';
import { ensureFirstAdmin } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { parseSeedArgs, seedUsage } from './args.js';
import { type SeedSummary, SeedRefused, seedDemoData } from './seed.js';

/**
 * `npm run seed -- --users N [--seed S] [--force] [--days D]`: the database the server would
 * open (same configuration, same migrations, the first administrator made as on a first start),
 * filled with demo data. Exit code 0 when done, 1 when refused or failed, 2 on bad arguments.
 */

const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let args;
try {
  args = parseSeedArgs(process.argv.slice(2));
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n\n${seedUsage}`);
  process.exit(2);
}
if (args.help) {
  console.log(seedUsage);
  process.exit(0);
}

const config = loadConfig();
process.umask(0o077); // DATA_DIR is owner-only (docs/operations/data-at-rest.md)
await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 0;
try {
  await database.migrate();
  const log = Fastify({ logger: { level: 'warn' } }).log;
  const firstAdmin = await ensureFirstAdmin(database.db, config, log);
  if (firstAdmin.created) {
    const line = '='.repeat(72);
    const password = firstAdmin.generated
      ? `  password: ${firstAdmin.password}\n  (also written to ${firstAdmin.passwordFile}; change it after signing in)\n`
      : '  password: the one in ADMIN_PASSWORD\n';
    console.log(`\n${line}\n  First administrator created\n  e-mail:   ${firstAdmin.email}\n${password}${line}\n`);
  }

  const where = database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db`;
  console.log(`Seeding ${count(args.users)} demo users (seed ${args.seed}, ${args.days} days of steps) into ${where}`);
  let lastLine = 0;
  const summary = await seedDemoData(database.db, {
    users: args.users,
    seed: args.seed,
    days: args.days,
    force: args.force,
    stepsPerCoin: config.stepsPerCoin,
    mapCenter: config.map.center,
    // PGlite runs in this process's memory: smaller statements.
    chunkSize: database.driver === 'pglite' ? 25_000 : 100_000,
    onProgress: (p) => {
      if (p.phase === 'users' && p.done !== undefined && p.total !== undefined) {
        const now = performance.now();
        if (p.done === p.total || now - lastLine > 2000) {
          console.log(`  users ${count(p.done)} / ${count(p.total)}  (${seconds(p.ms)})`);
          lastLine = now;
        }
      } else console.log(`  ${p.phase}: ${seconds(p.ms)}`);
    },
  });
  printSummary(summary);
} catch (err) {
  exitCode = 1;
  if (err instanceof SeedRefused) console.error(`\nRefused: ${err.message}`);
  else {
    // A failed query's error carries its whole SQL text: the database's own message is what helps.
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
    console.error(cause ? `\nFailed: ${cause.message}` : err);
  }
} finally {
  await database.close();
}
process.exit(exitCode);

function printSummary(s: SeedSummary) {
  console.log(
    `\nDone in ${seconds(s.totalMs)}: ${count(s.users)} demo users (seed ${s.seed})` +
      (s.replacedUsers > 0 ? `, replacing ${count(s.replacedUsers)} of an earlier run` : ''),
  );
  console.table(
    Object.fromEntries(
      s.phases.map((p) => [
        p.name,
        {
          time: seconds(p.ms),
          rows: Object.entries(p.rows)
            .map(([table, n]) => `${table} ${count(n)}`)
            .join(', '),
        },
      ]),
    ),
  );
  console.log(
    'Rows per table:',
    Object.entries(s.rows)
      .map(([t, n]) => `${t} ${count(n)}`)
      .join(', '),
  );
}
