import { createHash, createHmac } from 'node:crypto';
import type * as Jose from 'jose';

// jose (the verifier) loads with the first token verified, not at every start (docs/decisions/0020-start-up.md).
let jose: Promise<typeof Jose> | undefined;
const loadJose = () => (jose ??= import('jose'));

/**
 * Access tokens: JWT, HS256 only (the verifier allow-lists it; `alg: none` and every other
 * algorithm are refused), issuer and audience checked, expiring. See docs/decisions/0003-tokens.md.
 */
export const tokenIssuer = 'strideadmin';
export const audiences = { admin: 'strideadmin:admin', app: 'strideadmin:app' } as const;
export type Audience = keyof typeof audiences;
const algorithm = 'HS256';
const signingHeader = Buffer.from(JSON.stringify({ alg: algorithm, typ: 'JWT' })).toString('base64url');

export interface TokenClaims {
  userId: number;
  audience: Audience;
  /** Fingerprint of the password hash when the token was made: a new password revokes the token. */
  passwordFingerprint: string;
  /** The id of the token's row in `sessions` (`sid`): signing out revokes it (sessions.ts). */
  sessionId: string;
}

/** A duration as JWT_TTL writes it (30m, 12h, 7d), in milliseconds. */
export function durationMs(ttl: string): number {
  const m = /^(\d+)\s*(s|m|h|d)$/.exec(ttl.trim());
  if (!m) throw new Error(`not a duration: ${ttl}`);
  return Number(m[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
}

export function passwordFingerprint(passwordHash: string | null): string {
  return createHash('sha256')
    .update(passwordHash ?? '')
    .digest('base64url')
    .slice(0, 22);
}

/** Verified tokens kept (until they expire) so a repeat costs no crypto: the string is the key. */
const verifiedMax = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens this process verified lately, with their claims and expiry. jose verifies HMACs through
   * WebCrypto, on libuv's thread pool — the one argon2 uses: under a burst of sign-ins every
   * authenticated call waited behind the password hashes (bench/load.ts). A token seen
   * before is now a map lookup; whether its account still honours it is the guard's check, as ever.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  /** How long a token lives (JWT_TTL): the absolute limit of a session. */
  readonly ttlMs: number;

  constructor(
    secret: string,
    private readonly ttl: string,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.ttlMs = durationMs(ttl);
  }

  /**
   * A signed token; a token is only ever made with its session (Sessions.issue), never alone.
   * Signed here with node:crypto's HMAC, synchronously: WebCrypto (jose's signer) hands the work to
   * libuv's thread pool and the request back to the event loop after it, a wait behind every other
   * request the loop serves meanwhile (docs/decisions/0021-embedded-database-under-load.md). The token is the
   * one jose made (same header, claims and their order); jose still verifies every token.
   */
  sign(claims: TokenClaims): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const payload = {
      pwf: claims.passwordFingerprint,
      sid: claims.sessionId,
      sub: String(claims.userId),
      iss: tokenIssuer,
      aud: audiences[claims.audience],
      iat,
      exp: iat + Math.floor(this.ttlMs / 1000),
    };
    const input = `${signingHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return Promise.resolve(`${input}.${createHmac('sha256', this.key).update(input).digest('base64url')}`);
  }

  /** The claims of a valid token, or null for anything else (malformed, forged, expired...). */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
    }
    const { errors, jwtVerify } = await loadJose();
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [algorithm],
        issuer: tokenIssuer,
        audience: Object.values(audiences),
        requiredClaims: ['sub', 'exp', 'iat'],
        // No older than a token this server makes lives, and not issued in the future.
        maxTokenAge: this.ttl,
      });
      const userId = Number(payload.sub);
      const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
      const audience = (Object.keys(audiences) as Audience[]).find((k) => audiences[k] === aud);
      const { pwf, sid } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0 || !audience || typeof pwf !== 'string') return null;
      // A token of no session (made before sessions existed, or forged) is no token.
      if (typeof sid !== 'string' || !/^[\w-]{16,64}$/.test(sid)) return null;
      const claims = { userId, audience, passwordFingerprint: pwf, sessionId: sid };
      if (this.verified.size >= verifiedMax) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAt: payload.exp! * 1000 });
      return claims;
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
