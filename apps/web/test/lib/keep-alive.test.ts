import { messages } from '@strideadmin/contract';
import { describe, expect, test } from 'vitest';
import { api } from '../../src/lib/api-client';
import { renewIfQuiet } from '../../src/lib/keep-alive';
import { session } from '../../src/lib/session';
import { signOut } from '../../src/lib/sign-out';
import { jsonResponse, makeUser, stubFetch } from '../support/fixtures';

const minute = 60_000;

describe('keeping a portal session alive while it is used', () => {
  test('activity after minutes without a call renews the session with one light call; a recent call needs none', async () => {
    const { seen } = stubFetch(() => jsonResponse(200, { body: {} }));
    session.signIn(makeUser(), 'jwt-abc');
    await api('/users/1');
    const answered = Date.now();

    expect(renewIfQuiet(answered + minute)).toBeUndefined();
    expect(seen).toHaveLength(1);

    await renewIfQuiet(answered + 5 * minute);
    expect(seen).toHaveLength(2);
    expect(seen[1]?.url.pathname).toBe('/api/auth/session');
    expect(seen[1]?.headers.authorization).toBe('Bearer jwt-abc');
    // That answer counts as a call: the next minutes of activity send nothing.
    expect(renewIfQuiet(Date.now() + minute)).toBeUndefined();
  });

  test('sends nothing when signed out', () => {
    stubFetch(() => jsonResponse(200, { body: {} }));
    expect(renewIfQuiet(Date.now() + 60 * minute)).toBeUndefined();
  });

  test('a session that had ended: Session expired, signed out', async () => {
    stubFetch(() => jsonResponse(401, { message: messages.unauthorized }));
    session.signIn(makeUser(), 'jwt-ended');
    await renewIfQuiet(Date.now() + 60 * minute);
    expect(session.get()).toBeNull();
  });
});

describe('Logout', () => {
  test('ends the session on the server, then here', async () => {
    const { seen } = stubFetch(() => jsonResponse(200, { message: messages.signedOut }));
    session.signIn(makeUser(), 'jwt-abc');
    await signOut();
    expect(seen.map((r) => [r.method, r.url.pathname, r.headers.authorization])).toEqual([
      ['POST', '/api/auth/logout', 'Bearer jwt-abc'],
    ]);
    expect(session.get()).toBeNull();
  });

  test('signs out here even when the server cannot be reached or refuses', async () => {
    for (const answer of [() => Promise.reject(new TypeError('offline')), () => jsonResponse(401, { message: 'x' })]) {
      stubFetch(answer);
      session.signIn(makeUser(), 'jwt-abc');
      await signOut();
      expect(session.get()).toBeNull();
    }
  });
});
