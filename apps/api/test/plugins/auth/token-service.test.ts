import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../../../src/plugins/auth/index.js';

const secret = 'token-service-test-secret-0123456789abcdef';

describe('TokenService', () => {
  afterEach(() => vi.useRealTimers());

  it('honours a token it verified before only until the token expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T10:00:00Z') });
    const tokens = new TokenService(secret, '1h');
    const token = await tokens.sign({ userId: 7, audience: 'admin', passwordFingerprint: 'pwf' });
    const claims = { userId: 7, audience: 'admin', passwordFingerprint: 'pwf' };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims); // the second time, from memory

    vi.setSystemTime(new Date('2026-11-21T11:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('does not honour a token signed with another secret because the same string was verified elsewhere', async () => {
    const mine = new TokenService(secret, '1h');
    const theirs = new TokenService(`${secret}-other`, '1h');
    const token = await theirs.sign({ userId: 7, audience: 'admin', passwordFingerprint: 'pwf' });
    expect(await theirs.verify(token)).not.toBeNull();
    expect(await mine.verify(token)).toBeNull();
  });
});
