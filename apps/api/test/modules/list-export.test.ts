import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@strideadmin/contract';
import { notifications, users } from '../../src/db/schema.js';
import {
  buildTestApp,
  createComplaintQuery,
  createGiftBoxConfig,
  createGiftCard,
  createQuiz,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
} from '../helpers/index.js';

// docs/behaviour.md §12 Export. Each expected file is written out byte for byte: the same
// expectation on PGlite (keyset batches, CSV written in JS) and on PostgreSQL (COPY) is the check
// that both drivers give identical files.

const bom = '\uFEFF';
const at = (day: number, ms = 0) => new Date(Date.UTC(2024, 0, day, 8, 30, 0, ms));
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/<list>/export', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let appUser: LoggedIn;

  const download = async (url: string, headers: Record<string, string> = admin.headers) => {
    const res = await t.app.inject({ url, headers });
    return res;
  };
  const csv = async (url: string) => {
    const res = await download(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  /** The first cell (the id) of each record after the header. */
  const ids = (text: string) =>
    parseCsv(text, 1_000_000)
      .slice(1)
      .map((row) => Number(row[0]));

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin', { user: { name: 'Zed Admin', email: 'zed@admins.test' } });
    appUser = await loginAs(t, 'User', { user: { name: 'App Walker', email: 'walker@app.test' } });
  });
  afterAll(() => t?.close());

  describe('users', () => {
    const made: Record<string, number> = {};
    beforeAll(async () => {
      const people: Array<[key: string, name: string, coins?: number]> = [
        ['formula', '=HYPERLINK("http://evil.test","click")'],
        ['plus', '+1'],
        ['at', '@x'],
        ['minus', '-2', -3],
        ['tab', '\tTabbed'],
        ['quotes', 'Comma, and "Quote"'],
        ['lines', 'Two\r\nlines'],
        ['plain', 'Anna Carlson', 120],
      ];
      for (const [i, [key, name, coins]] of people.entries()) {
        const u = await createUser(t.db, { name, email: `${key}@csv.test`, createdAt: at(i + 1, i * 7) });
        if (coins !== undefined) await t.db.update(users).set({ totalCoins: coins }).where(eq(users.id, u.id));
        made[key] = u.id;
      }
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, made.plain!));
    });

    it('answers every matching user as a CSV attachment: BOM, header, CRLF, quoting and neutralised text', async () => {
      const res = await download('/api/users/export?email=csv.test&sort=id&order=asc&page=2&limit=1');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="users-${today()}.csv"`);
      const id = (k: string) => made[k];
      expect(res.body).toBe(
        bom +
          'ID,Name,Email,Role,Coins,Status,Created\r\n' +
          `${id('formula')},"'=HYPERLINK(""http://evil.test"",""click"")",formula@csv.test,User,0,Active,2024-01-01 08:30:00\r\n` +
          `${id('plus')},'+1,plus@csv.test,User,0,Active,2024-01-02 08:30:00.007\r\n` +
          `${id('at')},'@x,at@csv.test,User,0,Active,2024-01-03 08:30:00.014\r\n` +
          `${id('minus')},'-2,minus@csv.test,User,-3,Active,2024-01-04 08:30:00.021\r\n` +
          `${id('tab')},'\tTabbed,tab@csv.test,User,0,Active,2024-01-05 08:30:00.028\r\n` +
          `${id('quotes')},"Comma, and ""Quote""",quotes@csv.test,User,0,Active,2024-01-06 08:30:00.035\r\n` +
          `${id('lines')},"Two\r\nlines",lines@csv.test,User,0,Active,2024-01-07 08:30:00.042\r\n` +
          `${id('plain')},Anna Carlson,plain@csv.test,User,120,Inactive,2024-01-08 08:30:00.049\r\n`,
      );
      expect(res.body).not.toMatch(/password|argon|\$/i);
    });

    it("applies the list's filters and sort: name contains (any case), newest first by default", async () => {
      const text = await csv('/api/users/export?name=SON');
      expect(ids(text)).toEqual([made.plain]);
      const byName = await csv('/api/users/export?email=csv.test&sort=name&order=desc');
      const listed = await t.app.inject({
        url: '/api/users?email=csv.test&sort=name&order=desc&limit=50',
        headers: admin.headers,
      });
      expect(ids(byName)).toEqual(listed.json<{ body: { rows: Array<{ id: number }> } }>().body.rows.map((r) => r.id));
    });

    it('a filter matching nothing: the header alone', async () => {
      expect(await csv('/api/users/export?name=nobody-has-this-name')).toBe(
        `${bom}ID,Name,Email,Role,Coins,Status,Created\r\n`,
      );
    });

    it('refuses without a token (401), an app user (403) and a bad query (400)', async () => {
      expect((await download('/api/users/export', {})).statusCode).toBe(401);
      expect((await download('/api/users/export', appUser.headers)).statusCode).toBe(403);
      expect((await download('/api/users/export?sort=password')).statusCode).toBe(400);
    });

    it('a filter the database refuses (a NUL character) is a 400 with its message, as on the list, not a cut file', async () => {
      const listed = await download('/api/users?name=a%00b');
      const exported = await download('/api/users/export?name=a%00b');
      expect(exported.statusCode).toBe(listed.statusCode);
      expect(exported.statusCode).toBeGreaterThanOrEqual(400);
      expect(exported.statusCode).toBeLessThan(500);
      expect(exported.json()).toEqual(listed.json());
    });

    it('/users/export is the export, not the user with id "export"; /users/1 still answers a user', async () => {
      expect((await download('/api/users/export')).headers['content-type']).toMatch(/^text\/csv/);
      expect((await download(`/api/users/${admin.user.id}`)).json()).toMatchObject({ body: { id: admin.user.id } });
    });
  });

  describe('every row, not a page', () => {
    const bulk = 4_500; // more than two of PGlite's batches of 2,000
    beforeAll(async () => {
      // Names repeat (ties on the sort column across batch ends) and times carry microseconds.
      await t.database.query(
        `insert into users (name, email, role_id, created_at)
         select 'Bulk ' || (i % 7), 'bulk' || i || '@bulk.test', (select id from roles where name = 'User'),
                timestamptz '2023-06-01 00:00:00+00' - (i % 13) * interval '1.234567 second'
         from generate_series(1, ${bulk}) as i`,
      );
    });

    it.each([
      ['name asc', 'sort=name&order=asc', 'name asc, id asc'],
      ['created desc', 'sort=createdAt&order=desc', 'created_at desc, id desc'],
      ['id asc', 'sort=id&order=asc', 'id asc'],
    ])('%s: all %#, in the order of the list', async (_, query, orderBy) => {
      const text = await csv(`/api/users/export?email=bulk.test&${query}`);
      const { rows } = await t.database.query<{ id: number }>(
        `select id from users where email like '%@bulk.test' order by ${orderBy}`,
      );
      expect(rows).toHaveLength(bulk);
      expect(ids(text)).toEqual(rows.map((r) => r.id));
    });

    it('stops cleanly when the client goes away mid-file, and the database serves on', async () => {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 }).then(() => t.app.server.address());
      const { port } = address as AddressInfo;
      const received = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/api/users/export?email=bulk.test', headers: admin.headers },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              res.pause();
              req.destroy();
              resolve(chunk.length);
            });
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
        req.end();
      });
      expect(received).toBeGreaterThan(0);
      // PostgreSQL: the export's own client is given up, none left busy.
      await expect
        .poll(() => {
          const s = t.database.poolStats();
          return s ? s.total - s.idle : 0;
        })
        .toBe(0);
      const after = await csv('/api/users/export?email=bulk.test&sort=id&order=asc');
      expect(ids(after)).toHaveLength(bulk);
    });
  });

  it('gift cards: the control code masked but its last 4, the expiry, filters', async () => {
    const fresh = await createGiftCard(t.db, {
      serialNumber: 'EXP-1',
      controlCode: 'SECRET-CODE-9876',
      storeName: '-minus store',
      amount: 250,
      currency: 'SEK',
      price: 700,
      validTill: '2099-12-31',
      createdAt: at(1),
    });
    const old = await createGiftCard(t.db, {
      serialNumber: 'EXP-2',
      controlCode: 'AB1',
      storeName: 'Shop, "The"',
      validTill: '2020-01-31',
      createdAt: at(2),
    });
    await createGiftCard(t.db, { serialNumber: 'OTHER-1', validTill: dateIn(10) });
    const res = await download('/api/giftcard/export?serialNumber=exp-&sort=serialNumber&order=asc');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gift-cards-${today()}.csv"`);
    expect(res.body).toBe(
      bom +
        'ID,Serial Number,Store Name,Coin Price,Amount,Currency,Valid Till,Expired,Control Code\r\n' +
        `${fresh},EXP-1,'-minus store,700,250,SEK,2099-12-31,No,************9876\r\n` +
        `${old},EXP-2,"Shop, ""The""",500,100,SEK,2020-01-31,Yes,***\r\n`,
    );
    expect(res.body).not.toContain('SECRET');
    expect(ids(await csv('/api/giftcard/export?serialNumber=exp-&isExpired=true'))).toEqual([old]);
  });

  it('quiz: language as its label, filters by question and language', async () => {
    const q = await createQuiz(t.db, {
      question: '@Who walks, "most"?',
      language: 'sv',
      correctOption: 3,
      coins: 15,
      isActive: false,
      createdAt: at(3),
    });
    await createQuiz(t.db, { question: 'Who walks least?', language: 'en' });
    expect(await csv('/api/quiz/export?question=who walks&language=sv')).toBe(
      bom +
        'ID,Question,Language,Correct Option,Coins,Status,Created\r\n' +
        `${q},"'@Who walks, ""most""?",Swedish,3,15,Inactive,2024-01-03 08:30:00\r\n`,
    );
  });

  it('gift box configs: numbers stay numbers (a negative one is not neutralised), manual boxes counted', async () => {
    const c = await createGiftBoxConfig(t.db, { type: '+Export Box', minCoins: -5, maxCoins: 50, createdAt: at(4) });
    await createGiftBoxConfig(t.db, { type: 'Other Box' });
    expect(await csv('/api/giftbox/export?type=export')).toBe(
      bom +
        'ID,Config Name,Min Coins,Max Coins,Steps to Unlock,Boxes per Day,Manual Boxes,Status,Created\r\n' +
        `${c},'+Export Box,-5,50,1000,3,0,Active,2024-01-04 08:30:00\r\n`,
    );
  });

  it('notifications: labels for language, audience and status; filters by title', async () => {
    const [row] = await t.db
      .insert(notifications)
      .values({
        title: 'Export news',
        message: '=1+1\nsecond line',
        language: 'en',
        audience: 'active',
        status: 'sent',
        sendAt: at(5),
        recipientCount: 10,
        deliveredCount: 9,
        failedCount: 1,
        createdAt: at(5, 500),
      })
      .returning({ id: notifications.id });
    await t.db.insert(notifications).values({ title: 'Other', message: 'x', language: 'sv', audience: 'all' });
    const res = await download('/api/notification/export?title=export');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="notifications-${today()}.csv"`);
    expect(res.body).toBe(
      bom +
        'ID,Title,Message,Language,Audience,Send Time,Status,Recipients,Delivered,Failed,Created\r\n' +
        `${row!.id},Export news,"'=1+1\nsecond line",English,Active users,2024-01-05 08:30:00,Sent,10,9,1,2024-01-05 08:30:00.5\r\n`,
    );
  });

  it('complaint queries: the sender (empty when deleted), filters by title and read state', async () => {
    const sender = await createUser(t.db, { name: 'Query Sender', email: 'sender@csv.test' });
    const a = await createComplaintQuery(t.db, { userId: sender.id, title: 'Export: steps lost', createdAt: at(6) });
    const b = await createComplaintQuery(t.db, {
      userId: null,
      title: 'Export: gone',
      isRead: true,
      createdAt: at(7),
    });
    await createComplaintQuery(t.db, { userId: sender.id, title: 'Something else' });
    expect(await csv('/api/message/export?title=export:&sort=createdAt&order=asc')).toBe(
      bom +
        'ID,Title,User Name,User Email,Source,Is Read,Received\r\n' +
        `${a},Export: steps lost,Query Sender,sender@csv.test,Mobile,No,2024-01-06 08:30:00\r\n` +
        `${b},Export: gone,,,Mobile,Yes,2024-01-07 08:30:00\r\n`,
    );
    expect(ids(await csv('/api/message/export?title=export:&isRead=true'))).toEqual([b]);
  });

  it.each([
    '/api/giftcard/export',
    '/api/quiz/export',
    '/api/giftbox/export',
    '/api/notification/export',
    '/api/message/export',
  ])('%s: administrators only', async (url) => {
    expect((await download(url, {})).statusCode).toBe(401);
    expect((await download(url, appUser.headers)).statusCode).toBe(403);
  });
});
