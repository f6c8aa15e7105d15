import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, messages } from '@strideadmin/contract';
import { buildTestApp, createGiftCard, createUser, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

interface Answer {
  users: Array<{ id: number; name: string; email: string }>;
  giftCards: Array<{ id: number; serialNumber: string; storeName: string }>;
}

describe('GET /api/search (the quick search)', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const userIds = new Map<string, number>();
  const cardIds = new Map<string, number>();

  const search = async (q: string) => {
    const res = await t.app.inject({ url: '/api/search', query: { q }, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as Answer;
  };
  const names = (a: Answer) => a.users.map((u) => u.name);
  const serials = (a: Answer) => a.giftCards.map((c) => c.serialNumber);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Zed Admin', email: 'zed@admins.test' } });
    const people: Array<[string, string]> = [
      ['Anna Berg', 'anna_berg@walkers.test'],
      ['Bertil Nord', 'annaxberg@walkers.test'], // would match anna_berg if _ were a wildcard
      ['Hanna Lind', 'hanna@walkers.test'],
      ['Joanna Anders', 'joanna@runners.test'],
      ['Sven Svensson', 'anna.s@runners.test'],
      ['Ulla Annasdotter', 'ulla@walkers.test'],
      ['Eve 100% Sure', 'eve@runners.test'],
      ['Finn 1000 Sure', 'finn@runners.test'], // would match 0% if % were a wildcard
    ];
    for (const [name, email] of people) userIds.set(name, (await createUser(t.db, { name, email })).id);
    const cards: Array<[string, string]> = [
      ['XGC-ALPHA-003', 'north mall'],
      ['gc-alpha-002', 'corner shop'],
      ['GC-ALPHA-001', 'corner shop'],
      ['BETA_9', 'south mall'],
      ['BETAX9', 'south mall'], // would match A_9 if _ were a wildcard
      ['LIM-6', 'shop'],
      ['LIM-2', 'shop'],
      ['LIM-4', 'shop'],
      ['LIM-1', 'shop'],
      ['LIM-5', 'shop'],
      ['LIM-3', 'shop'],
    ];
    for (const [serialNumber, storeName] of cards) {
      cardIds.set(serialNumber, await createGiftCard(t.db, { serialNumber, storeName }));
    }
  });
  afterAll(() => t?.close());

  it('finds users by name, in any case, closer matches first, at most the limit', async () => {
    for (const q of ['anna', 'ANNA', '  Anna ']) {
      // Name starts with it; then a later word or the e-mail does (by name); then the rest.
      // Joanna Anders, the sixth match, is past the limit.
      expect(names(await search(q)), q).toEqual([
        'Anna Berg',
        'Bertil Nord',
        'Sven Svensson',
        'Ulla Annasdotter',
        'Hanna Lind',
      ]);
    }
    expect(limits.quickSearchLimit).toBe(5);
  });

  it('answers each user as id, name and e-mail only', async () => {
    const { users } = await search('hanna l');
    expect(users).toEqual([{ id: userIds.get('Hanna Lind'), name: 'Hanna Lind', email: 'hanna@walkers.test' }]);
  });

  it('finds users by e-mail, in any case', async () => {
    expect(names(await search('RUNNERS.test'))).toEqual([
      'Eve 100% Sure',
      'Finn 1000 Sure',
      'Joanna Anders',
      'Sven Svensson',
    ]);
    expect(names(await search('zed@'))).toEqual(['Zed Admin']);
  });

  it('finds gift cards by serial number, in any case, those it starts with first, at most the limit', async () => {
    const found = await search('Gc-Alpha');
    expect(found.giftCards).toEqual([
      { id: cardIds.get('GC-ALPHA-001'), serialNumber: 'GC-ALPHA-001', storeName: 'corner shop' },
      { id: cardIds.get('gc-alpha-002'), serialNumber: 'gc-alpha-002', storeName: 'corner shop' },
      { id: cardIds.get('XGC-ALPHA-003'), serialNumber: 'XGC-ALPHA-003', storeName: 'north mall' },
    ]);
    expect(found.users).toEqual([]);
    expect(serials(await search('lim-'))).toEqual(['LIM-1', 'LIM-2', 'LIM-3', 'LIM-4', 'LIM-5']);
  });

  it('does not search gift cards by store name', async () => {
    expect(serials(await search('corner'))).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(names(await search('a_b'))).toEqual(['Anna Berg']);
    expect(serials(await search('A_9'))).toEqual(['BETA_9']);
    expect(names(await search('00%'))).toEqual(['Eve 100% Sure']);
    expect(await search('%%%')).toEqual({ users: [], giftCards: [] });
    expect(await search('___')).toEqual({ users: [], giftCards: [] });
    expect(await search('\\%%')).toEqual({ users: [], giftCards: [] });
  });

  it('answers empty lists when nothing matches', async () => {
    expect(await search('nobody at all')).toEqual({ users: [], giftCards: [] });
  });

  it('refuses a query shorter than the minimum, or longer than 100 characters', async () => {
    const tooShort: Array<Record<string, string>> = [{}, { q: '' }, { q: 'a' }, { q: 'ab' }, { q: '  ab  ' }];
    for (const query of tooShort) {
      const res = await t.app.inject({ url: '/api/search', query, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBe(messages.quickSearchTooShort);
    }
    const res = await t.app.inject({ url: '/api/search', query: { q: 'x'.repeat(101) }, headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.quickSearchTooLong);
  });

  it('lets in administrators only: 401 without a token, 403 for an app user', async () => {
    const anonymous = await t.app.inject({ url: '/api/search', query: { q: 'anna' } });
    expect(anonymous.statusCode).toBe(401);
    const walker = await loginAs(t, 'User');
    const res = await t.app.inject({ url: '/api/search', query: { q: 'anna' }, headers: walker.headers });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Anna Berg');
  });
});
