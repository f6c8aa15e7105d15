import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { describe, expect, test } from 'vitest';
import { userListParamsSchema } from '../../src/features/users/api/list-users';
import { nextSort, parseListParams, serializeListParams, useListParams } from '../../src/lib/list-params';

const parse = (query: string) => parseListParams(userListParamsSchema, new URLSearchParams(query));
const defaults = { page: 1, limit: 20, sort: 'createdAt', order: 'desc' };

describe('parseListParams', () => {
  test('an empty query is the defaults', () => {
    expect(parse('')).toEqual(defaults);
  });

  test('valid values are read and typed; filters are trimmed', () => {
    expect(parse('page=3&limit=50&sort=name&order=asc&name=%20Ada%20&email=ada%40example.com')).toEqual({
      page: 3,
      limit: 50,
      sort: 'name',
      order: 'asc',
      name: 'Ada',
      email: 'ada@example.com',
    });
  });

  test('each invalid value falls back to its own default; the valid ones stay', () => {
    expect(parse('page=abc&limit=37&sort=password&order=sideways&name=Ada')).toEqual({ ...defaults, name: 'Ada' });
    expect(parse('page=0&limit=50')).toEqual({ ...defaults, limit: 50 });
    expect(parse('page=-2&sort=email')).toEqual({ ...defaults, sort: 'email' });
    expect(parse('page=1.5')).toEqual(defaults);
    expect(parse(`name=${'x'.repeat(300)}&email=a`)).toEqual({ ...defaults, email: 'a' });
  });

  test('page sizes are only the offered choices', () => {
    for (const n of [10, 20, 50, 100]) expect(parse(`limit=${n}`).limit).toBe(n);
    for (const bad of ['5', '1000', '0', 'twenty']) expect(parse(`limit=${bad}`).limit).toBe(20);
  });

  test('empty values count as absent, unknown keys are ignored', () => {
    expect(parse('name=&email=%20%20&page=&utm_source=mail')).toEqual(defaults);
  });
});

describe('serializeListParams', () => {
  const write = (patch: Record<string, unknown>) =>
    serializeListParams(userListParamsSchema, { ...parse(''), ...patch }).toString();

  test('defaults and empty filters are left out: an untouched list is just its path', () => {
    expect(write({})).toBe('');
    expect(write({ name: '', email: undefined })).toBe('');
  });

  test('other values are written in the schema order, filters as name=value pairs joined with &', () => {
    expect(write({ email: 'a@b.c', name: 'Ada Lovelace', page: 2, limit: 50, sort: 'name', order: 'asc' })).toBe(
      'page=2&limit=50&order=asc&sort=name&name=Ada+Lovelace&email=a%40b.c',
    );
  });

  test('parse(serialize(state)) is the state', () => {
    const state = parse('page=4&limit=10&sort=totalCoins&order=asc&name=Ada&email=lovelace');
    expect(parse(serializeListParams(userListParamsSchema, state).toString())).toEqual(state);
  });
});

test('nextSort: a new column ascends, the same column flips', () => {
  expect(nextSort({ sort: 'createdAt', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
  expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
  expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
});

describe('useListParams', () => {
  function setup(initial: string) {
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: [initial] }, children);
    return renderHook(
      () => {
        const list = useListParams(userListParamsSchema);
        const location = useLocation();
        const navigate = useNavigate();
        return { list, search: location.search, key: location.key, navigate };
      },
      { wrapper },
    );
  }

  test('reads the URL; filters are the keys other than page, limit, sort and order', () => {
    const { result } = setup('/user-list?page=2&name=Ada');
    expect(result.current.list.params).toEqual({ ...defaults, page: 2, name: 'Ada' });
    expect(result.current.list.filters).toEqual({ name: 'Ada', email: undefined });
    expect(result.current.list.isFiltered).toBe(true);
  });

  test('applying filters replaces them all and goes back to page 1, keeping sort and page size', () => {
    const { result } = setup('/user-list?page=3&limit=50&sort=name&order=asc&email=old');
    act(() => result.current.list.setFilters({ name: 'Ada' }));
    expect(result.current.search).toBe('?limit=50&order=asc&sort=name&name=Ada');
    act(() => result.current.list.clearFilters());
    expect(result.current.search).toBe('?limit=50&order=asc&sort=name');
    expect(result.current.list.isFiltered).toBe(false);
  });

  test('sorting toggles the order and goes back to page 1', () => {
    const { result } = setup('/user-list?page=3');
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.search).toBe('?order=asc&sort=name');
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.search).toBe('?sort=name');
    act(() => result.current.list.toggleSort('createdAt'));
    expect(result.current.search).toBe('?order=asc');
  });

  test('paging keeps the rest; a new page size goes back to page 1', () => {
    const { result } = setup('/user-list?name=Ada');
    act(() => result.current.list.setPage(4));
    expect(result.current.search).toBe('?page=4&name=Ada');
    act(() => result.current.list.setPageSize(100));
    expect(result.current.search).toBe('?limit=100&name=Ada');
  });

  test('count=exact is list state, not a filter: paging, sorting and page size keep it', () => {
    const { result } = setup('/user-list?count=exact');
    expect(result.current.list.params).toEqual({ ...defaults, count: 'exact' });
    expect(result.current.list.filters).toEqual({ name: undefined, email: undefined });
    expect(result.current.list.isFiltered).toBe(false);
    act(() => result.current.list.setPage(60));
    expect(result.current.search).toBe('?page=60&count=exact');
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.search).toBe('?order=asc&count=exact&sort=name');
    act(() => result.current.list.setPageSize(50));
    expect(result.current.search).toBe('?limit=50&order=asc&count=exact&sort=name');
  });

  test('Count exactly writes count=exact over the current entry; a new filter, or clearing them, drops it', () => {
    const { result } = setup('/user-list?page=2&name=Ada');
    act(() => result.current.list.setPage(3));
    act(() => result.current.list.countExactly());
    expect(result.current.search).toBe('?page=3&count=exact&name=Ada');
    // Back goes to the search before it, not to the same page without the count.
    act(() => void result.current.navigate(-1));
    expect(result.current.search).toBe('?page=2&name=Ada');
    act(() => void result.current.navigate(1));
    act(() => result.current.list.setFilters({ name: 'Bea' }));
    expect(result.current.search).toBe('?name=Bea');
    act(() => result.current.list.countExactly());
    expect(result.current.search).toBe('?count=exact&name=Bea');
    act(() => result.current.list.clearFilters());
    expect(result.current.search).toBe('');
  });

  test('count takes only "exact"; anything else is left out', () => {
    expect(parse('count=all&page=2')).toEqual({ ...defaults, page: 2 });
  });

  test('an invalid URL value is written back clean on the next change', () => {
    const { result } = setup('/user-list?page=zzz&limit=7&junk=1');
    expect(result.current.list.params).toEqual(defaults);
    act(() => result.current.list.setPage(2));
    expect(result.current.search).toBe('?page=2');
  });
});
