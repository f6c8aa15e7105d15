import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { isUniqueViolation } from './db/errors.js';
import { hashPassword } from './plugins/auth/index.js';
import { countAdmins, findUserByEmail, insertUser } from './modules/users/index.js';

/** JWT_SECRET from the environment, else one generated once and kept in DATA_DIR (mode 0600). */
export async function ensureJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, secret + '\n', { mode: 0o600 });
  await chmod(file, 0o600); // `mode` applies only when the file is created
  return secret;
}

/** A password a person can copy: 24 characters from a CSPRNG, ~143 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

export type FirstAdminResult =
  | { created: false }
  | { created: true; email: string; generated: false }
  | { created: true; email: string; generated: true; password: string; passwordFile: string };

/**
 * First start (no administrator yet): create ADMIN_EMAIL with ADMIN_PASSWORD, or with a generated
 * password printed once and written to DATA_DIR/initial-admin-password (the Jenkins convention).
 */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<FirstAdminResult> {
  if ((await countAdmins(db)) > 0) {
    // Said once per start: a changed ADMIN_PASSWORD is not a way to reset a forgotten password.
    if (config.adminPassword !== undefined) {
      log.warn(
        'ADMIN_PASSWORD is ignored: an administrator already exists (it only sets the first one). ' +
          'Change passwords in the portal, or use "Forgot password".',
      );
    }
    return { created: false };
  }
  if (await findUserByEmail(db, config.adminEmail)) {
    log.warn({ email: config.adminEmail }, 'ADMIN_EMAIL belongs to a non-admin account; no administrator created');
    return { created: false };
  }
  const generated = config.adminPassword === undefined;
  const password = config.adminPassword ?? generatePassword();
  const passwordFile = path.join(config.dataDir, 'initial-admin-password');
  // The password is on disk before the account exists: never an admin whose password nobody knows.
  if (generated) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(passwordFile, password + '\n', { mode: 0o600 });
    await chmod(passwordFile, 0o600);
  }
  try {
    await insertUser(db, {
      name: config.adminName,
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      role: 'Admin',
      emailVerified: true,
    });
  } catch (err) {
    if (generated) await rm(passwordFile, { force: true });
    // Another replica created it first (unique e-mail): that one's first start wins.
    if (isUniqueViolation(err)) return { created: false };
    throw err;
  }
  if (!generated) {
    log.info({ email: config.adminEmail }, 'first administrator created with ADMIN_PASSWORD');
    return { created: true, email: config.adminEmail, generated: false };
  }
  return { created: true, email: config.adminEmail, generated: true, password, passwordFile };
}
