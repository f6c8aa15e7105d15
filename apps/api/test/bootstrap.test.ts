import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin, ensureJwtSecret } from '../src/bootstrap.js';
import type { Config } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { countAdmins } from '../src/modules/users/index.js';
import { buildTestApp, createUser, login, makeTestConfig, type TestApp, testAdminPassword } from './helpers/index.js';

const passwordFileOf = (config: Config) => path.join(config.dataDir, 'initial-admin-password');
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('ensureFirstAdmin', () => {
  describe('with ADMIN_PASSWORD', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { ADMIN_EMAIL: ' Owner@Example.com ', ADMIN_NAME: 'Owner' } });
    });
    afterAll(() => t?.close());

    it('creates the administrator, who signs in to the portal with that password', async () => {
      const result = await ensureFirstAdmin(t.db, t.config, t.app.log);

      expect(result).toEqual({ created: true, email: 'owner@example.com', generated: false });
      const res = await login(t.app, { email: 'Owner@Example.com', password: testAdminPassword, adminPortal: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().body.user).toMatchObject({
        name: 'Owner',
        email: 'owner@example.com',
        roleName: 'Admin',
        emailVerified: true,
      });
    });

    it('writes no password file', async () => {
      expect(await exists(passwordFileOf(t.config))).toBe(false);
    });

    it('creates nothing on the next start', async () => {
      expect(await ensureFirstAdmin(t.db, t.config, t.app.log)).toEqual({ created: false });
      expect(await t.db.$count(users)).toBe(1);
    });
  });

  describe('without ADMIN_PASSWORD', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { ADMIN_PASSWORD: undefined } });
    });
    afterAll(() => t?.close());

    it('generates a password, kept only in DATA_DIR/initial-admin-password (0600), that signs in', async () => {
      const result = await ensureFirstAdmin(t.db, t.config, t.app.log);

      expect(result).toMatchObject({ created: true, generated: true, email: t.config.adminEmail });
      const file = passwordFileOf(t.config);
      expect(result.created && result.generated && result.passwordFile).toBe(file);
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      const password = (await readFile(file, 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(20);
      const res = await login(t.app, { email: t.config.adminEmail, password, adminPortal: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().body.user.roleName).toBe('Admin');
    });

    it('creates nothing, and keeps the file, on the next start', async () => {
      const before = await readFile(passwordFileOf(t.config), 'utf8');

      expect(await ensureFirstAdmin(t.db, t.config, t.app.log)).toEqual({ created: false });
      expect(await countAdmins(t.db)).toBe(1);
      expect(await readFile(passwordFileOf(t.config), 'utf8')).toBe(before);
    });
  });

  describe('when ADMIN_EMAIL belongs to an app user', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t?.close());

    it('neither promotes that user nor creates another account', async () => {
      const member = await createUser(t.db, { role: 'User', email: t.config.adminEmail });

      expect(await ensureFirstAdmin(t.db, t.config, t.app.log)).toEqual({ created: false });
      expect(await countAdmins(t.db)).toBe(0);
      const res = await login(t.app, { email: member.email, password: testAdminPassword, adminPortal: true });
      expect(res.statusCode).toBe(400);
    });
  });
});

describe('ensureJwtSecret', () => {
  let config: Config;
  afterEach(() => rm(config.dataDir, { recursive: true, force: true }));

  it('uses JWT_SECRET when it is set, and writes nothing', async () => {
    const secret = 'x'.repeat(40);
    config = await makeTestConfig({ JWT_SECRET: secret });

    expect(await ensureJwtSecret(config)).toBe(secret);
    expect(await exists(path.join(config.dataDir, 'jwt-secret'))).toBe(false);
  });

  it('otherwise generates one once, in DATA_DIR/jwt-secret (0600), and reuses it', async () => {
    config = await makeTestConfig({ JWT_SECRET: undefined });
    const file = path.join(config.dataDir, 'jwt-secret');

    const first = await ensureJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await ensureJwtSecret(config)).toBe(first);
  });

  it('replaces a kept secret that is too short', async () => {
    config = await makeTestConfig({ JWT_SECRET: undefined });
    await writeFile(path.join(config.dataDir, 'jwt-secret'), 'short\n');

    const secret = await ensureJwtSecret(config);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await ensureJwtSecret(config)).toBe(secret);
  });
});
