import { storageKeys } from '@strideadmin/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { loadSessionCheck, session, useSession } from '../../src/lib/session';
import { expectConsole } from '../support/console';
import { makeUser } from '../support/fixtures';

const stored = () => localStorage.getItem(storageKeys.session);

describe('session', () => {
  test('starts signed out when nothing is stored', () => {
    expect(session.get()).toBeNull();
    expect(session.token()).toBeNull();
    expect(renderHook(() => useSession()).result.current).toBeNull();
  });

  test('signIn stores user and token under the versioned key; get and useSession return them', () => {
    const user = makeUser({ name: 'Grace' });
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();

    act(() => session.signIn(user, 'jwt-1'));

    expect(storageKeys.session).toBe('strideadmin.user.v1');
    expect(JSON.parse(stored() ?? 'null')).toEqual({ user, token: 'jwt-1' });
    expect(session.get()).toEqual({ user, token: 'jwt-1' });
    expect(session.token()).toBe('jwt-1');
    expect(result.current).toEqual({ user, token: 'jwt-1' });
  });

  test('a stored session survives a reload (the next read comes from storage)', () => {
    const user = makeUser();
    localStorage.setItem(storageKeys.session, JSON.stringify({ user, token: 'jwt-2' }));
    expect(session.get()).toEqual({ user, token: 'jwt-2' });
  });

  test('corrupt JSON is logged, treated as signed out and removed from storage', () => {
    localStorage.setItem(storageKeys.session, '{"user": {');
    expectConsole('error', 'Stored session is corrupt');

    const { result } = renderHook(() => useSession());

    expect(result.current).toBeNull();
    expect(session.get()).toBeNull();
    expect(stored()).toBeNull();
  });

  test.each([
    ['an unknown role', { user: makeUser({ roleName: 'Owner' as never }), token: 'jwt' }],
    ['no token', { user: makeUser() }],
    ['a user without an id', { user: { ...makeUser(), id: undefined }, token: 'jwt' }],
    ['a bare string', 'signed-in'],
  ])('schema-invalid data (%s) is logged, treated as signed out and removed', (_case, value) => {
    localStorage.setItem(storageKeys.session, JSON.stringify(value));
    expectConsole('error', 'Stored session is corrupt');

    expect(session.get()).toBeNull();
    expect(session.token()).toBeNull();
    expect(stored()).toBeNull();
  });

  test('signOut clears storage and tells subscribers', () => {
    session.signIn(makeUser(), 'jwt');
    const { result } = renderHook(() => useSession());
    expect(result.current).not.toBeNull();

    act(() => session.signOut());

    expect(result.current).toBeNull();
    expect(session.get()).toBeNull();
    expect(stored()).toBeNull();
  });

  test('mergeUser merges new fields into the stored user and keeps the rest and the token', () => {
    const user = makeUser({ name: 'Old Name', totalCoins: 5 });
    session.signIn(user, 'jwt-3');
    const { result } = renderHook(() => useSession());

    act(() => session.mergeUser({ name: 'New Name', profilePic: '/uploads/p.png' }));

    const expected = { user: { ...user, name: 'New Name', profilePic: '/uploads/p.png' }, token: 'jwt-3' };
    expect(result.current).toEqual(expected);
    expect(JSON.parse(stored() ?? 'null')).toEqual(expected);
  });

  test('mergeUser with what the session already holds changes nothing and re-renders nobody', () => {
    const user = makeUser({ name: 'Same Name', totalCoins: 5 });
    session.signIn(user, 'jwt-4');
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useSession();
    });
    const before = result.current;
    const rendersBefore = renders;

    act(() => session.mergeUser({ name: 'Same Name', totalCoins: 5 }));
    expect(renders).toBe(rendersBefore);
    expect(result.current).toBe(before);

    act(() => session.mergeUser({ name: 'Same Name', totalCoins: 6 }));
    expect(renders).toBe(rendersBefore + 1);
    expect(result.current?.user.totalCoins).toBe(6);
    expect(JSON.parse(stored() ?? 'null').user.totalCoins).toBe(6);
  });

  test('mergeUser while signed out stores nothing', () => {
    session.mergeUser({ name: 'Nobody' });
    expect(session.get()).toBeNull();
    expect(stored()).toBeNull();
  });

  test('another tab signing out signs this tab out too', () => {
    session.signIn(makeUser(), 'jwt');
    const { result } = renderHook(() => useSession());
    localStorage.removeItem(storageKeys.session); // what the other tab did

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.session }));
    });

    expect(result.current).toBeNull();
  });
});

// A page reads a stored session before it has loaded the full check (zod, which Home does not
// load), then checks it when idle.
describe('session read before the full check is loaded', () => {
  afterEach(loadSessionCheck);

  test('a valid session is read at once and stays after the check', async () => {
    const user = makeUser({ name: 'Ada' });
    localStorage.setItem(storageKeys.session, JSON.stringify({ user, token: 'jwt-3' }));
    session.reset({ withoutCheck: true });
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual({ user, token: 'jwt-3' });

    await act(loadSessionCheck); // what the idle check loads
    await new Promise((r) => setTimeout(r, 100));
    expect(result.current).toEqual({ user, token: 'jwt-3' });
    expect(JSON.parse(stored() ?? 'null')).toEqual({ user, token: 'jwt-3' });
  });

  test('data the check refuses is drawn from at first, then logged, cleared and signed out when idle', async () => {
    const data = { user: makeUser({ roleName: 'Owner' as never }), token: 'jwt' };
    localStorage.setItem(storageKeys.session, JSON.stringify(data));
    session.reset({ withoutCheck: true });
    expectConsole('error', 'Stored session is corrupt');
    const { result } = renderHook(() => useSession());
    expect(result.current).toEqual(data);

    await waitFor(() => expect(result.current).toBeNull());
    expect(session.token()).toBeNull();
    expect(stored()).toBeNull();
  });

  test.each([
    ['no token', { user: makeUser() }],
    ['an empty token', { user: makeUser(), token: '' }],
    ['no user', { token: 'jwt' }],
    ['a bare string', 'signed-in'],
    ['null', null],
  ])('data nothing can be drawn from (%s) is corrupt at once', (_case, value) => {
    localStorage.setItem(storageKeys.session, JSON.stringify(value));
    session.reset({ withoutCheck: true });
    expectConsole('error', 'Stored session is corrupt');

    expect(session.get()).toBeNull();
    expect(stored()).toBeNull();
  });
});
