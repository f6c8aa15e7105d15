import { loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { verifyAuditChain } from '../modules/audit/index.js';

/**
 * `npm run audit:verify`: walks the audit log of the database the server uses (DATABASE_URL, or
 * DATA_DIR's embedded one: stop the server first) and checks its hash chain. Exit code 0 when
 * intact, 1 when an entry was changed or removed (or the check could not run), with one line
 * saying which. See docs/operations/audit-log.md.
 */
let code = 1;
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const r = await verifyAuditChain(database.db);
    if (r.ok) {
      console.log(`Audit log intact: ${r.entries} entries`);
      code = 0;
    } else console.error(`Audit log broken at entry #${r.firstBroken.id}: ${r.firstBroken.reason}`);
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof Error && err.message.startsWith('Invalid configuration')) console.error(err.message);
  else console.error('Audit log check failed:', err instanceof Error ? err.message : err);
}
process.exit(code);
