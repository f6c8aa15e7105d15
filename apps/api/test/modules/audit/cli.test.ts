import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../../src/db/client.js';
import { appendAuditEntry } from '../../../src/modules/audit/index.js';
import { runCli } from '../../helpers/cli-process.js';
import { createDatabase, databaseUrl, dropDatabase } from '../../helpers/postgres-admin.js';

// `npm run audit:verify` (node scripts/api.mjs cli/audit-verify) on the database the server's
// configuration names: DATA_DIR's embedded one, or DATABASE_URL.
const source = inject('testDatabase');
let dataDir: string;
let env: Record<string, string>;
let open: () => Promise<Database>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-audit-cli-'));
  if (source.driver === 'pglite') {
    env = { DATA_DIR: dataDir };
    open = () => openPglite({ dataDir: path.join(dataDir, 'db') });
    cleanup = async () => {};
  } else {
    const name = `${source.prefix}_cli_${process.pid}_${randomBytes(3).toString('hex')}`;
    await createDatabase(source.adminUrl, name, source.template);
    const url = databaseUrl(source.adminUrl, name);
    env = { DATA_DIR: dataDir, DATABASE_URL: url };
    open = async () => openPostgres(url, { max: 2 });
    cleanup = () => dropDatabase(source.adminUrl, name);
  }
  const database = await open();
  try {
    await database.migrate();
    for (let i = 1; i <= 3; i++) {
      await appendAuditEntry(database.db, { actor: null, action: 'create', entity: 'quiz', entityId: i });
    }
  } finally {
    await database.close();
  }
}, 120_000);
afterAll(async () => {
  await cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run audit:verify', () => {
  it('says the log is intact (exit 0), then names the entry that was changed (exit 1)', async () => {
    const intact = await runCli('cli/audit-verify', [], env);
    expect(intact).toMatchObject({ code: 0, stdout: 'Audit log intact: 3 entries\n' });

    const database = await open();
    let second: number;
    try {
      const { rows } = await database.query<{ id: string | number }>('select id from audit_entries order by id');
      second = Number(rows[1]!.id);
      await database.query('alter table audit_entries disable trigger audit_entries_append_only');
      await database.query(`update audit_entries set action = 'delete' where id = ${second}`);
    } finally {
      await database.close();
    }
    const broken = await runCli('cli/audit-verify', [], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      `Audit log broken at entry #${second}: its contents do not match its hash: it was changed\n`,
    );
  }, 120_000);

  it('refuses a bad configuration with exit 1 and says which variable', async () => {
    const r = await runCli('cli/audit-verify', [], { ...env, AUDIT_RETENTION_DAYS: 'soon' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Invalid configuration:\n {2}AUDIT_RETENTION_DAYS: must be a whole number of days/);
  }, 60_000);
});
