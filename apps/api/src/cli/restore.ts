import { parseArgs } from 'node:util';
import { formatBytes, formatCount, OperatorError } from '../backup/manifest.js';
import { restoreBackup } from '../backup/restore.js';
import { loadConfig } from '../config.js';

/**
 * `npm run restore -- FILE`: a backup of `npm run backup` into an empty DATA_DIR, every checksum
 * verified first. Exit code 0 when restored, 1 otherwise (one line saying why), 2 on bad
 * arguments. See docs/operations/backups.md.
 */
const usage = `usage: npm run restore -- FILE
  Restores a backup made by npm run backup into DATA_DIR, which must be empty (or not exist yet).
  Every checksum is verified before anything is written.`;

let file: string | undefined;
try {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new Error('one backup file, please');
  file = positionals[0];
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  process.exit(2);
}

process.umask(0o077);
try {
  const config = loadConfig();
  const r = await restoreBackup({ config, archive: file ?? '' });
  const m = r.manifest;
  const rows = Object.values(m.database.tables).reduce((a, n) => a + n, 0);
  console.log(`Restored the backup of ${m.createdAt} into ${r.dataDir}`);
  console.log(
    `  database: ${Object.keys(m.database.tables).length} tables, ${formatCount(rows)} rows (counts checked)`,
  );
  if (m.storage.driver === 'local') {
    console.log(`  uploads:  ${formatCount(m.storage.files)} files, ${formatBytes(m.storage.bytes)}`);
  } else console.log(`  uploads:  none in the backup (images were in an S3 bucket)`);
  console.log(`  secrets:  ${m.secrets.join(', ') || 'none'}`);
  console.log(`  in ${(r.ms / 1000).toFixed(1)} s; start the server with this DATA_DIR.`);
  process.exit(0);
} catch (err) {
  if (err instanceof OperatorError || (err instanceof Error && err.message.startsWith('Invalid configuration'))) {
    console.error(err.message);
  } else console.error('Restore failed:', err);
  process.exit(1);
}
