import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import {
  columnChoicesKey,
  isShown,
  readColumnChoices,
  useColumnVisibility,
  writeColumnChoices,
} from '../../src/lib/column-visibility';
import { session } from '../../src/lib/session';
import { makeUser } from '../support/fixtures';

const columns = [
  { id: 'name' },
  { id: 'email', optional: true },
  { id: 'role', defaultHidden: true },
  { id: 'actions' },
];

describe('column visibility (docs/behaviour.md §12 Columns)', () => {
  test('the key names the user and the list', () => {
    expect(columnChoicesKey(7, 'users')).toBe('strideadmin.columns.7.users');
  });

  test('a column is shown by its default until chosen; a column that is not optional always', () => {
    expect(columns.map((c) => isShown(c, {}))).toEqual([true, true, false, true]);
    expect(columns.map((c) => isShown(c, { email: false, role: true, name: false }))).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });

  test('only choices that differ from the defaults are stored; none: the key is gone', () => {
    const key = columnChoicesKey(7, 'users');
    expect(writeColumnChoices(key, columns, { email: false, role: false, name: false })).toEqual({ email: false });
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual({ email: false });
    writeColumnChoices(key, columns, { email: true, role: false });
    expect(localStorage.getItem(key)).toBeNull();
  });

  test('unreadable data counts as no choice', () => {
    const key = columnChoicesKey(7, 'users');
    for (const bad of ['not json', '[1]', 'null', '"x"']) {
      localStorage.setItem(key, bad);
      expect(readColumnChoices(key)).toEqual({});
    }
    localStorage.setItem(key, JSON.stringify({ email: false, role: 'yes' }));
    expect(readColumnChoices(key)).toEqual({ email: false });
  });

  test('the hook: choices are kept per signed-in user, and reset returns to the defaults', () => {
    session.signIn(makeUser({ id: 7 }), 'jwt');
    const ids = (r: { current: ReturnType<typeof useColumnVisibility> }) => r.current.visible.map((c) => c.id);
    const first = renderHook(() => useColumnVisibility('users', columns));
    expect(ids(first.result)).toEqual(['name', 'email', 'actions']);
    expect(first.result.current.optional.map((o) => [o.column.id, o.shown])).toEqual([
      ['email', true],
      ['role', false],
    ]);
    act(() => first.result.current.setShown('role', true));
    act(() => first.result.current.setShown('email', false));
    expect(ids(first.result)).toEqual(['name', 'role', 'actions']);
    expect(first.result.current.isDefault).toBe(false);
    expect(JSON.parse(localStorage.getItem('strideadmin.columns.7.users')!)).toEqual({ role: true, email: false });
    first.unmount();

    // Another administrator in the same browser: the defaults.
    session.signIn(makeUser({ id: 8 }), 'jwt');
    const second = renderHook(() => useColumnVisibility('users', columns));
    expect(ids(second.result)).toEqual(['name', 'email', 'actions']);
    second.unmount();

    session.signIn(makeUser({ id: 7 }), 'jwt');
    const again = renderHook(() => useColumnVisibility('users', columns));
    expect(ids(again.result)).toEqual(['name', 'role', 'actions']);
    act(() => again.result.current.reset());
    expect(ids(again.result)).toEqual(['name', 'email', 'actions']);
    expect(again.result.current.isDefault).toBe(true);
    expect(localStorage.getItem('strideadmin.columns.7.users')).toBeNull();
  });
});
