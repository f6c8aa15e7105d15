import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../../src/plugins/auth/index.js';

const secret = 'token-service-test-secret-0123456789abcdef';
const sessionId = 'c2Vzc2lvbi1vZi10aGUtdGVzdA';

describe('TokenService', () => {
  afterEach(() => vi.useRealTimers());

  it('honours a token it verified before only until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T10:00:00Z') });
    const tokens = new TokenService(secret, '1h');
    const claims = { userId: 7, audience: 'admin', passwordFingerprint: 'pwf', sessionId } as const;
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims); // the second time, from memory

    vi.setSystemTime(new Date('2026-11-21T11:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('does not honour a token signed with another secret because the same string was verified elsewhere', async () => {
    const mine = new TokenService(secret, '1h');
    const theirs = new TokenService(`${secret}-other`, '1h');
    const token = await theirs.sign({ userId: 7, audience: 'admin', passwordFingerprint: 'pwf', sessionId });
    expect(await theirs.verify(token)).not.toBeNull();
    expect(await mine.verify(token)).toBeNull();
  });

  it('knows no token without a session id (sid)', async () => {
    const tokens = new TokenService(secret, '1h');
    const key = new TextEncoder().encode(secret);
    const made = (extra: object) =>
      new SignJWT({ pwf: 'pwf', ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('7')
        .setIssuer('strideadmin')
        .setAudience('strideadmin:admin')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
    expect(await tokens.verify(await made({ sid: sessionId }))).not.toBeNull(); // the forge is sound
    expect(await tokens.verify(await made({}))).toBeNull();
    expect(await tokens.verify(await made({ sid: 42 }))).toBeNull();
    expect(await tokens.verify(await made({ sid: 'short' }))).toBeNull();
  });

  it('signs the very token jose would sign: same header, claims, order and signature', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T10:00:00.750Z') });
    const tokens = new TokenService(secret, '12h');
    const ours = await tokens.sign({ userId: 42, audience: 'app', passwordFingerprint: 'fp-of-the-hash', sessionId });
    const fromJose = await new SignJWT({ pwf: 'fp-of-the-hash', sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('42')
      .setIssuer('strideadmin')
      .setAudience('strideadmin:app')
      .setIssuedAt()
      .setExpirationTime('12h')
      .sign(new TextEncoder().encode(secret));
    expect(ours).toBe(fromJose);
    expect(await tokens.verify(ours)).toEqual({
      userId: 42,
      audience: 'app',
      passwordFingerprint: 'fp-of-the-hash',
      sessionId,
    });
  });
});
