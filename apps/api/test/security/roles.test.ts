import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, type RoleName } from '@strideadmin/contract';
import { auditEntries, roles, users } from '../../src/db/schema.js';
import { bulkDeleteUsers, deleteUser, updateUser } from '../../src/modules/users/service.js';
import { buildTestApp, createUser, login, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';

/** A service call made as `user` (the audit context a request would give it). */
const actedBy = (user: { id: number; name: string; email: string }) => ({
  actor: { id: user.id, name: user.name, email: user.email },
  client: {},
});

/** docs/behaviour.md §13 Roles: who signs in to the portal, and the rules on changing a role. */
describe('roles: portal sign-in, role changes and the last Admin', () => {
  let t: TestApp;
  let admin: LoggedIn;

  /** The docs/behaviour.md §7 PUT /users payload for `id`, with overrides. */
  const payload = (id: number, overrides: object = {}) => ({
    updateId: id,
    name: 'Staff Person',
    dob: null,
    height: 170,
    weight: 60,
    gender: null,
    totalCoins: 0,
    dailyFSGoal: 1000,
    isActive: true,
    isTracking: false,
    role: 'User',
    ...overrides,
  });
  const put = (body: object, who: LoggedIn = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/users', payload: body, headers: who.headers });
  const sessionOf = (who: LoggedIn) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: who.headers });
  const roleOf = async (id: number) =>
    (
      await t.db
        .select({ name: roles.name })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, id))
    )[0]?.name;
  /** Every other Admin account made inactive: `keep` are the only active Admins. */
  const onlyActiveAdmins = async (...keep: number[]) => {
    const adminRole = t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Admin'));
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(
        and(inArray(users.roleId, adminRole), ne(users.id, keep[0]!), ...keep.slice(1).map((k) => ne(users.id, k))),
      );
  };

  beforeAll(async () => {
    t = await buildTestApp();
  });
  beforeEach(async () => {
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  it.each<RoleName>(['Admin', 'Support', 'Content'])('lets a %s sign in to the portal with its role', async (role) => {
    const user = await createUser(t.db, { role });
    const res = await login(t.app, { email: user.email, password: user.password!, adminPortal: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.user.roleName).toBe(role);
  });

  it('refuses a User at the portal sign-in with the same message as before', async () => {
    const user = await createUser(t.db, { role: 'User' });
    const res = await login(t.app, { email: user.email, password: user.password!, adminPortal: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.onlyAdmin });
  });

  it('refuses an Admin lowering their own role, and changes nothing', async () => {
    const res = await put(payload(admin.user.id, { role: 'Support' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.cannotDemoteSelf);
    expect(await roleOf(admin.user.id)).toBe('Admin');
    expect((await sessionOf(admin)).statusCode).toBe(200);
  });

  it('ends the sessions of an account whose role changed: its token answers 401, and it signs in with the new role', async () => {
    const support = await loginAs(t, 'Support');
    expect((await sessionOf(support)).statusCode).toBe(200);

    const res = await put(payload(support.user.id, { role: 'Content' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().body.Role?.name ?? res.json().body.roleName).toBe('Content');
    // Audited as a role change, with the role before and after, by the admin who made it.
    const [entry] = await t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entity, 'user'), eq(auditEntries.entityId, String(support.user.id))))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'role-change',
      actorId: admin.user.id,
      changes: expect.objectContaining({ role: { before: 'Support', after: 'Content' } }),
    });
    expect((await sessionOf(support)).statusCode).toBe(401);
    const quiz = await t.app.inject({ method: 'GET', url: '/api/quiz', headers: support.headers });
    expect(quiz.statusCode).toBe(401);

    const again = await login(t.app, {
      email: support.user.email,
      password: support.user.password!,
      adminPortal: true,
    });
    expect(again.json().body.user.roleName).toBe('Content');
    const headers = { authorization: `Bearer ${again.json().body.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/quiz', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/message', headers })).statusCode).toBe(403);
  });

  it('keeps the sessions of an account edited without a role change', async () => {
    const support = await loginAs(t, 'Support');
    const res = await put(payload(support.user.id, { role: 'Support', name: 'Renamed Support' }));
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(support)).statusCode).toBe(200);
  });

  it('never leaves no active Admin: lowering, deactivating or deleting the last one is refused', async () => {
    // Another account's request that passed its guard before its own Admin role was removed: the
    // rule is the service's, under a lock, not the guard's.
    await onlyActiveAdmins(admin.user.id);
    const other = await createUser(t.db, { role: 'Support' });
    for (const change of [{ role: 'Support' }, { role: 'User' }, { role: 'Admin', isActive: false }]) {
      const result = await updateUser(t.db, actedBy(other), payload(admin.user.id, change) as never);
      expect(result).toMatchObject({ ok: false, status: 400, message: messages.lastAdmin });
    }
    expect(await deleteUser(t.db, actedBy(other), admin.user.id)).toMatchObject({
      status: 400,
      message: messages.lastAdmin,
    });
    expect(await roleOf(admin.user.id)).toBe('Admin');
    expect((await sessionOf(admin)).statusCode).toBe(200);

    // With a second active Admin, one may lower the other.
    const second = await loginAs(t, 'Admin');
    const res = await put(payload(second.user.id, { role: 'Support' }));
    expect(res.statusCode).toBe(200);
    expect(await roleOf(second.user.id)).toBe('Support');
  });

  it('two Admins lowering each other at once: one of them stays Admin', async () => {
    const other = await loginAs(t, 'Admin');
    await onlyActiveAdmins(admin.user.id, other.user.id);
    const [a, b] = await Promise.all([
      put(payload(other.user.id, { role: 'Support' }), admin),
      put(payload(admin.user.id, { role: 'Support' }), other),
    ]);
    expect([a.statusCode, b.statusCode]).toContain(200);
    const roleNames = [await roleOf(admin.user.id), await roleOf(other.user.id)];
    expect(roleNames).toContain('Admin');
  });

  it('refuses the bulk delete of the last active Admin, and deletes the rest', async () => {
    await onlyActiveAdmins(admin.user.id);
    const other = await createUser(t.db, { role: 'Support' });
    const walker = await createUser(t.db, { role: 'User' });
    // As in the race above: a caller whose own Admin role went meanwhile.
    const result = await bulkDeleteUsers(t.db, actedBy(other), [admin.user.id, walker.id]);
    expect(result).toEqual({ deleted: [walker.id], refused: [{ id: admin.user.id, message: messages.lastAdmin }] });
    expect(await roleOf(admin.user.id)).toBe('Admin');
  });

  it('lets a Support upload no gift-card image, but its own profile image', async () => {
    const support = await loginAs(t, 'Support');
    const presign = (dict: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/getPresignedUrl',
        payload: { name: 'x.png', dict, dataType: 'image/png' },
        headers: support.headers,
      });
    expect((await presign('gift_card_images')).statusCode).toBe(403);
    expect((await presign('profile_Images')).statusCode).toBe(200);
  });
});
