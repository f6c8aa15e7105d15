import { storageKeys } from '@strideadmin/contract';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { userListParamsSchema } from '../../src/features/users/api/list-users';
import { rememberedListSearch, rememberListSearch, sidebarHref } from '../../src/lib/list-memory';
import { useListParams } from '../../src/lib/list-params';
import { session } from '../../src/lib/session';
import { makeUser } from '../support/fixtures';

afterEach(() => {
  sessionStorage.clear();
  session.signOut();
});

describe('remembered list searches (sessionStorage, per administrator)', () => {
  test('each list path keeps its own last search; an empty search forgets it', () => {
    expect(rememberedListSearch(7, '/user-list')).toBe('');
    rememberListSearch(7, '/user-list', '?name=Ada&page=2');
    rememberListSearch(7, '/quiz-list', 'language=sv');
    expect(rememberedListSearch(7, '/user-list')).toBe('?name=Ada&page=2');
    expect(rememberedListSearch(7, '/quiz-list')).toBe('?language=sv');
    rememberListSearch(7, '/user-list', '');
    expect(rememberedListSearch(7, '/user-list')).toBe('');
    expect(rememberedListSearch(7, '/quiz-list')).toBe('?language=sv');
  });

  test('another administrator in the same tab does not get them', () => {
    rememberListSearch(7, '/user-list', 'name=Ada');
    expect(rememberedListSearch(8, '/user-list')).toBe('');
    expect(sessionStorage.getItem(`${storageKeys.listState}.7`)).toBe(JSON.stringify({ '/user-list': 'name=Ada' }));
  });

  test('unreadable storage counts as nothing remembered', () => {
    sessionStorage.setItem(`${storageKeys.listState}.7`, 'not json');
    expect(rememberedListSearch(7, '/user-list')).toBe('');
    sessionStorage.setItem(`${storageKeys.listState}.7`, JSON.stringify({ '/user-list': 5, '/quiz-list': 'x=1' }));
    expect(rememberedListSearch(7, '/user-list')).toBe('');
    expect(rememberedListSearch(7, '/quiz-list')).toBe('?x=1');
    rememberListSearch(7, '/card-list', 'storeName=ica'); // writing over junk works
    expect(rememberedListSearch(7, '/card-list')).toBe('?storeName=ica');
  });
});

describe('sidebarHref', () => {
  test('on the entry’s own screen: where it is now (clicking keeps the state)', () => {
    rememberListSearch(7, '/user-list', 'name=Old');
    expect(sidebarHref('/user-list', { pathname: '/user-list', search: '?name=Now&page=3' }, 7)).toBe(
      '/user-list?name=Now&page=3',
    );
  });

  test('elsewhere: the entry’s screen with its remembered search, or just its path', () => {
    rememberListSearch(7, '/user-list', 'name=Ada&limit=50');
    const elsewhere = { pathname: '/quiz-list', search: '?language=sv' };
    expect(sidebarHref('/user-list', elsewhere, 7)).toBe('/user-list?name=Ada&limit=50');
    expect(sidebarHref('/card-list', elsewhere, 7)).toBe('/card-list');
    expect(sidebarHref('/user-list', elsewhere, undefined)).toBe('/user-list');
  });
});

test('a list screen remembers each of its searches for the signed-in administrator', () => {
  session.signIn(makeUser({ id: 7 }), 'jwt');
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: ['/user-list?page=2'] }, children);
  const { result } = renderHook(() => ({ list: useListParams(userListParamsSchema), navigate: useNavigate() }), {
    wrapper,
  });
  expect(rememberedListSearch(7, '/user-list')).toBe('?page=2');
  act(() => result.current.list.setFilters({ name: 'Ada' }));
  expect(rememberedListSearch(7, '/user-list')).toBe('?name=Ada');
  act(() => result.current.list.clearFilters());
  expect(rememberedListSearch(7, '/user-list')).toBe('');
  act(() => void result.current.navigate(-1)); // Back is a search too
  expect(rememberedListSearch(7, '/user-list')).toBe('?name=Ada');
});
