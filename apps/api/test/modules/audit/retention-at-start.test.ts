import { expect, it } from 'vitest';
import { appendAuditEntry, verifyAuditChain } from '../../../src/modules/audit/index.js';
import { buildTestApp } from '../../helpers/index.js';
import { openTestDatabase } from '../../helpers/test-database.js';

// AUDIT_RETENTION_DAYS set: the server removes old entries once it is ready (and daily after).
it('removes entries older than AUDIT_RETENTION_DAYS when the server starts, and leaves the chain intact', async () => {
  const fresh = await openTestDatabase();
  try {
    const { db } = fresh.database;
    for (let i = 1; i <= 3; i++)
      await appendAuditEntry(db, { actor: null, action: 'create', entity: 'quiz', entityId: i });
    const t = await buildTestApp({
      database: fresh.database,
      env: { AUDIT_RETENTION_DAYS: '30' },
      now: () => new Date(Date.now() + 31 * 86_400_000),
    });
    try {
      await expect.poll(() => verifyAuditChain(db), { timeout: 10_000 }).toEqual({ ok: true, entries: 0 });
      const { rows } = await fresh.database.query<{ n: string | number }>('select count(*) as n from audit_anchor');
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      await t.close();
    }
  } finally {
    await fresh.dispose();
  }
});
