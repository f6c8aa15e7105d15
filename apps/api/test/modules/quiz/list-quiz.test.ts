import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@strideadmin/contract';
import { buildTestApp, createQuiz, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('GET /api/quiz', () => {
  let t: TestApp;
  let admin: LoggedIn;
  const ids: Record<string, number> = {};

  const list = async (query: Record<string, string | number> = {}) => {
    const res = await t.app.inject({
      url: '/api/quiz',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().body as { rows: QuizQuestion[]; count: number };
  };
  const questions = (rows: QuizQuestion[]) => rows.map((r) => r.question);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    // Created in this order (createdAt in 2024), so that the default order (newest first) is known.
    const fixtures: Array<[string, 'en' | 'sv', number, boolean]> = [
      ['How far is 10000 steps?', 'en', 30, true],
      ['Hur långt är 10000 steg?', 'sv', 10, true],
      ['What burns more: walking or RUNNING?', 'en', 20, false],
      ['Is 100% of a walk good for you?', 'en', 20, true], // a % in the text, to be taken literally
      ['Vad är en step_count?', 'sv', 5, true], // an _ in the text, to be taken literally
    ];
    for (const [i, [question, language, coins, isActive]] of fixtures.entries()) {
      ids[question] = await createQuiz(t.db, {
        question,
        language,
        coins,
        isActive,
        createdAt: new Date(Date.UTC(2024, 0, i + 1)),
      });
    }
  });
  afterAll(() => t?.close());

  it('answers a page of questions in the contract shape, newest first, and the total count', async () => {
    const { rows, count } = await list();

    expect(count).toBe(5);
    expect(questions(rows)).toEqual([
      'Vad är en step_count?',
      'Is 100% of a walk good for you?',
      'What burns more: walking or RUNNING?',
      'Hur långt är 10000 steg?',
      'How far is 10000 steps?',
    ]);
    expect(rows[4]).toEqual({
      id: ids['How far is 10000 steps?'],
      question: 'How far is 10000 steps?',
      option1: 'About 100',
      option2: 'About 1300',
      option3: 'About 10000',
      option4: 'About 50000',
      correctOption: 2,
      language: 'en',
      coins: 30,
      isActive: true,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: expect.any(String),
    });
  });

  describe('filters', () => {
    it('question: contains, in any case, with surrounding spaces ignored', async () => {
      for (const question of ['10000', ' 10000 ', 'HOW', 'running']) {
        const { rows, count } = await list({ question, sort: 'id', order: 'asc' });
        const expected = {
          '10000': ['How far is 10000 steps?', 'Hur långt är 10000 steg?'],
          ' 10000 ': ['How far is 10000 steps?', 'Hur långt är 10000 steg?'],
          HOW: ['How far is 10000 steps?'],
          running: ['What burns more: walking or RUNNING?'],
        }[question];
        expect(questions(rows), question).toEqual(expected);
        expect(count).toBe(expected?.length);
      }
    });

    it('question: takes %, _ and \\ literally', async () => {
      expect(questions((await list({ question: '100%' })).rows)).toEqual(['Is 100% of a walk good for you?']);
      expect(questions((await list({ question: 'p_c' })).rows)).toEqual(['Vad är en step_count?']);
      expect((await list({ question: '%' })).count).toBe(1);
      expect((await list({ question: '_' })).count).toBe(1);
      expect((await list({ question: '\\' })).count).toBe(0);
    });

    it('language: exact, alone and with question', async () => {
      const sv = await list({ language: 'sv', sort: 'id', order: 'asc' });
      expect(questions(sv.rows)).toEqual(['Hur långt är 10000 steg?', 'Vad är en step_count?']);
      expect(sv.count).toBe(2);
      expect((await list({ language: 'en' })).count).toBe(3);
      const both = await list({ language: 'sv', question: '10000' });
      expect(questions(both.rows)).toEqual(['Hur långt är 10000 steg?']);
      expect(both.count).toBe(1);
    });

    it('an empty question filter is no filter; nothing found is an empty page', async () => {
      expect((await list({ question: '  ' })).count).toBe(5);
      expect(await list({ question: 'no such question' })).toEqual({ rows: [], count: 0 });
    });
  });

  describe('pagination and sorting', () => {
    it('pages through the rows, the count staying the filtered total', async () => {
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(await list({ sort: 'id', order: 'asc', limit: 2, page }));
      expect(pages.map((p) => p.count)).toEqual([5, 5, 5]);
      expect(pages.map((p) => p.rows.map((r) => r.id))).toEqual([
        [ids['How far is 10000 steps?'], ids['Hur långt är 10000 steg?']],
        [ids['What burns more: walking or RUNNING?'], ids['Is 100% of a walk good for you?']],
        [ids['Vad är en step_count?']],
      ]);
      expect(await list({ limit: 2, page: 4 })).toEqual({ rows: [], count: 5 });
      const filtered = await list({ language: 'en', sort: 'id', order: 'asc', limit: 2, page: 2 });
      expect(filtered).toMatchObject({ count: 3 });
      expect(questions(filtered.rows)).toEqual(['Is 100% of a walk good for you?']);
    });

    it('sorts by coins both ways, ties broken by id in the same direction', async () => {
      const asc = await list({ sort: 'coins', order: 'asc' });
      expect(asc.rows.map((r) => r.coins)).toEqual([5, 10, 20, 20, 30]);
      expect(asc.rows[2]!.id).toBeLessThan(asc.rows[3]!.id);
      const desc = await list({ sort: 'coins', order: 'desc' });
      expect(desc.rows.map((r) => r.coins)).toEqual([30, 20, 20, 10, 5]);
      expect(desc.rows[1]!.id).toBeGreaterThan(desc.rows[2]!.id);
    });

    it('sorts by question, language, isActive and createdAt', async () => {
      expect(questions((await list({ sort: 'question', order: 'asc', limit: 2 })).rows)).toEqual([
        'How far is 10000 steps?',
        'Hur långt är 10000 steg?',
      ]);
      const byLanguage = await list({ sort: 'language', order: 'desc' });
      expect(byLanguage.rows.map((r) => r.language)).toEqual(['sv', 'sv', 'en', 'en', 'en']);
      const byActive = await list({ sort: 'isActive', order: 'asc', limit: 1 });
      expect(questions(byActive.rows)).toEqual(['What burns more: walking or RUNNING?']);
      const oldest = await list({ sort: 'createdAt', order: 'asc', limit: 1 });
      expect(questions(oldest.rows)).toEqual(['How far is 10000 steps?']);
    });
  });

  it('refuses a query it cannot answer, with errors', async () => {
    const queries: Array<Record<string, string>> = [
      { sort: 'option1' },
      { order: 'up' },
      { language: 'de' },
      { page: '0' },
      { limit: '101' },
      { limit: 'ten' },
      { question: 'x'.repeat(256) },
    ];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/quiz', query, headers: admin.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.any(String)] });
    }
  });
});
