import type * as Argon2 from '@node-rs/argon2';

// argon2 (a native addon) loads with the first hash or verify, not at every start: a start on
// existing data hashes nothing (docs/decisions/0020-start-up.md).
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

/**
 * argon2id at the OWASP Password Storage Cheat Sheet baseline: 19 MiB, t=2, p=1.
 * See docs/decisions/0004-password-hashing.md.
 */
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const params = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, params);
}

// A real hash of a random secret: verifying against it costs what a real verify costs, so an
// unknown e-mail answers in about the same time as a wrong password (no user enumeration).
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  if (!passwordHash) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
