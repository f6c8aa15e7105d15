import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create.js';
import { formatBytes, formatCount, OperatorError } from '../backup/manifest.js';
import { loadConfig } from '../config.js';

/**
 * `npm run backup [-- --out FILE]`: DATA_DIR's embedded database (pg_dump), uploads and secrets in
 * one .tar.gz (mode 0600). Exit code 0 when written, 1 otherwise (one line saying why), 2 on bad
 * arguments. See docs/operations/backups.md.
 */
const usage = `usage: npm run backup [-- --out FILE]
  Writes DATA_DIR's embedded database (pg_dump), uploads and secrets to one .tar.gz (mode 0600);
  default name strideadmin-backup-<UTC time>.tar.gz in the current folder. Stop the server first.`;

let out: string | undefined;
try {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  out = values.out;
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  process.exit(2);
}

process.umask(0o077);
try {
  const config = loadConfig();
  const r = await createBackup({ config, out });
  const tables = Object.values(r.manifest.database.tables);
  const rows = tables.reduce((a, n) => a + n, 0);
  const dump = r.manifest.members.find((m) => m.path === r.manifest.database.dump);
  console.log(`Backup written to ${r.file}`);
  console.log(
    `  database: ${tables.length} tables, ${formatCount(rows)} rows (${formatBytes(dump?.size ?? 0)} of SQL)`,
  );
  if (r.manifest.storage.driver === 'local') {
    console.log(`  uploads:  ${formatCount(r.manifest.storage.files)} files, ${formatBytes(r.manifest.storage.bytes)}`);
  }
  console.log(`  secrets:  ${r.manifest.secrets.join(', ') || 'none in DATA_DIR (JWT_SECRET set?)'}`);
  console.log(`  archive:  ${formatBytes(r.bytes)}, mode 0600, in ${(r.ms / 1000).toFixed(1)} s`);
  for (const note of r.notes) console.log(`\nNote: ${note}`);
  process.exit(0);
} catch (err) {
  if (err instanceof OperatorError || (err instanceof Error && err.message.startsWith('Invalid configuration'))) {
    console.error(err.message);
  } else console.error('Backup failed:', err);
  process.exit(1);
}
