import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../src/db/schema.js';
import { verifyAuditChain } from '../../../src/modules/audit/index.js';
import { buildTestApp, createUser, type TestApp } from '../../helpers/index.js';
import { asc } from 'drizzle-orm';

// Sign-in and sign-out write audit entries (docs/operations/audit-log.md): who (or which e-mail
// was tried), from where, which request; never the password.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const agent = 'Mozilla/5.0 (audit test)';

async function entries() {
  return await t.db.select().from(auditEntries).orderBy(asc(auditEntries.id));
}

function post(url: string, payload: object | undefined, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '198.51.100.23',
    headers: { 'user-agent': agent, ...headers },
  });
}

describe('sign-in entries', () => {
  it('records a sign-in, a refused one (known and unknown e-mail) and a sign-out, never the password', async () => {
    const admin = await createUser(t.db, { role: 'Admin', name: 'Ada Admin' });
    const wrong = 'Not-the-password-42';

    const failed = await post('/api/auth/login', { email: admin.email, password: wrong, adminPortal: true });
    expect(failed.statusCode).toBe(400);
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: wrong,
      adminPortal: true,
    });
    expect(unknown.statusCode).toBe(400);
    const ok = await post('/api/auth/login', { email: admin.email, password: admin.password, adminPortal: true });
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ body: { token: string } }>().body.token;
    const out = await post('/api/auth/logout', undefined, { authorization: `Bearer ${token}` });
    expect(out.statusCode).toBe(200);

    const rows = await entries();
    const from = { clientIp: '198.51.100.23', userAgent: agent };
    expect(rows).toMatchObject([
      {
        action: 'sign-in-failed',
        actorId: admin.id,
        actorName: 'Ada Admin',
        actorEmail: admin.email,
        entity: 'user',
        entityId: String(admin.id),
        changes: { reason: { before: null, after: 'credentials' } },
        requestId: failed.headers['x-request-id'],
        ...from,
      },
      {
        action: 'sign-in-failed',
        actorId: null,
        actorName: null,
        actorEmail: 'nobody@example.com',
        entityId: null,
        requestId: unknown.headers['x-request-id'],
        ...from,
      },
      { action: 'sign-in', actorId: admin.id, actorEmail: admin.email, requestId: ok.headers['x-request-id'], ...from },
      {
        action: 'sign-out',
        actorId: admin.id,
        actorEmail: admin.email,
        requestId: out.headers['x-request-id'],
        ...from,
      },
    ]);
    expect(rows.every((r) => typeof r.requestId === 'string' && r.requestId.length > 0)).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(admin.password!);
    expect(text).not.toContain('$argon2');
    expect(await verifyAuditChain(t.db)).toEqual({ ok: true, entries: 4 });
  });

  it("records nothing for the app's own sign-ins and sign-outs", async () => {
    const before = (await entries()).length;
    const walker = await createUser(t.db, { role: 'User' });
    const ok = await post('/api/auth/login', { email: walker.email, password: walker.password });
    expect(ok.statusCode).toBe(200);
    const wrong = await post('/api/auth/login', { email: walker.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    const out = await post('/api/auth/logout', undefined, {
      authorization: `Bearer ${ok.json<{ body: { token: string } }>().body.token}`,
    });
    expect(out.statusCode).toBe(200);
    expect((await entries()).length).toBe(before);
  });

  it('records a portal sign-in refused for its role or an inactive account, with the reason', async () => {
    const before = (await entries()).length;
    const member = await createUser(t.db, { role: 'User' });
    const inactive = await createUser(t.db, { role: 'Admin', isActive: false });
    const role = await post('/api/auth/login', { email: member.email, password: member.password, adminPortal: true });
    expect(role.statusCode).toBe(403);
    const off = await post('/api/auth/login', {
      email: inactive.email,
      password: inactive.password,
      adminPortal: true,
    });
    expect(off.statusCode).toBe(403);
    expect((await entries()).slice(before)).toMatchObject([
      { action: 'sign-in-failed', actorId: member.id, changes: { reason: { after: 'role' } } },
      { action: 'sign-in-failed', actorId: inactive.id, changes: { reason: { after: 'inactive' } } },
    ]);
  });
});
