import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppQuizQuestion, messages } from '@strideadmin/contract';
import { quizAnswers } from '../../../src/db/schema.js';
import { buildTestApp, createQuiz, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { appPost, balanceOf, entriesOf, ledgerMismatches, statusCounts } from './app-data.js';

describe('GET /api/app/quiz', () => {
  let t: TestApp;
  let walker: LoggedIn;
  const ids: Record<string, number> = {};

  const list = async (who: LoggedIn, query: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: '/api/app/quiz', query, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ body: { rows: AppQuizQuestion[]; count: number } }>().body;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    walker = await loginAs(t, 'User');
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 12, minutes));
    ids.first = await createQuiz(t.db, { question: 'First', createdAt: at(1) });
    ids.second = await createQuiz(t.db, { question: 'Andra', language: 'sv', createdAt: at(2) });
    ids.third = await createQuiz(t.db, { question: 'Third', createdAt: at(3) });
    ids.inactive = await createQuiz(t.db, { question: 'Retired', isActive: false, createdAt: at(4) });
    // The options the contract-shape check below expects.
    const options = {
      option1: 'About 100 steps',
      option2: 'About 1300 steps',
      option3: 'About 10000 steps',
      option4: 'About 50000 steps',
    };
    ids.fourth = await createQuiz(t.db, { question: 'Fourth', ...options, coins: 25, createdAt: at(5) });
  });
  afterAll(() => t?.close());

  it('lists the active questions, newest first, with their options and coins but never the answer', async () => {
    const page = await list(walker);
    expect(page.count).toBe(4);
    expect(page.rows.map((r) => r.question)).toEqual(['Fourth', 'Third', 'Andra', 'First']);
    expect(page.rows[0]).toEqual({
      id: ids.fourth,
      question: 'Fourth',
      option1: 'About 100 steps',
      option2: 'About 1300 steps',
      option3: 'About 10000 steps',
      option4: 'About 50000 steps',
      language: 'en',
      coins: 25,
    });
    expect(JSON.stringify(page)).not.toContain('correctOption');
  });

  it('filters by language, pages with page and limit, and orders with order', async () => {
    expect((await list(walker, { language: 'sv' })).rows.map((r) => r.question)).toEqual(['Andra']);
    expect(await list(walker, { language: 'en', limit: '2', page: '2' })).toMatchObject({
      count: 3,
      rows: [{ question: 'First' }],
    });
    expect((await list(walker, { order: 'asc', limit: '2' })).rows.map((r) => r.question)).toEqual(['First', 'Andra']);
  });

  it('leaves out the questions the caller has answered (right or wrong), and only for that caller', async () => {
    const answerer = await loginAs(t, 'User');
    await appPost(t, answerer, `/app/quiz/${ids.third}/answer`, { option: 2 });
    await appPost(t, answerer, `/app/quiz/${ids.first}/answer`, { option: 4 });
    expect(await list(answerer)).toMatchObject({ count: 2, rows: [{ question: 'Fourth' }, { question: 'Andra' }] });
    expect((await list(walker)).count).toBe(4);
  });

  it('refuses a query it cannot answer', async () => {
    const queries: Array<Record<string, string>> = [{ language: 'de' }, { page: '0' }, { limit: '101' }];
    for (const query of queries) {
      const res = await t.app.inject({ url: '/api/app/quiz', query, headers: walker.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('POST /api/app/quiz/{id}/answer', () => {
  let t: TestApp;

  const answer = (who: LoggedIn, id: number | string, payload: object) =>
    appPost(t, who, `/app/quiz/${id}/answer`, payload);
  const storedAnswer = async (userId: number, quizId: number) =>
    (
      await t.db
        .select({ option: quizAnswers.option, isCorrect: quizAnswers.isCorrect, coins: quizAnswers.coins })
        .from(quizAnswers)
        .where(and(eq(quizAnswers.userId, userId), eq(quizAnswers.quizId, quizId)))
    )[0];

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('credits the question’s coins for the right answer', async () => {
    const who = await loginAs(t, 'User', { user: { totalCoins: 5 } });
    const quizId = await createQuiz(t.db, { coins: 15, correctOption: 3 });
    const res = await answer(who, quizId, { option: 3 });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.quizAnswerCorrect,
      body: { correct: true, correctOption: 3, coins: 15, totalCoins: 20 },
    });
    expect(await storedAnswer(who.user.id, quizId)).toEqual({ option: 3, isCorrect: true, coins: 15 });
    expect((await entriesOf(t.db, who.user.id)).at(-1)).toEqual({
      kind: 'quiz',
      amount: 15,
      refId: quizId,
      refDay: null,
      adminId: null,
    });
  });

  it('credits nothing for a wrong answer, and tells the right option', async () => {
    const who = await loginAs(t, 'User', { user: { totalCoins: 5 } });
    const quizId = await createQuiz(t.db, { coins: 15, correctOption: 3 });
    const res = await answer(who, quizId, { option: 1 });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: messages.quizAnswerWrong,
      body: { correct: false, correctOption: 3, coins: 0, totalCoins: 5 },
    });
    expect(await storedAnswer(who.user.id, quizId)).toEqual({ option: 1, isCorrect: false, coins: 0 });
    expect((await entriesOf(t.db, who.user.id)).map((e) => e.kind)).toEqual(['adjustment']);
  });

  it('takes one answer per user and question: a second one is refused with 409 and credits nothing', async () => {
    const who = await loginAs(t, 'User');
    const other = await loginAs(t, 'User');
    const quizId = await createQuiz(t.db, { coins: 10, correctOption: 2 });
    expect((await answer(who, quizId, { option: 1 })).statusCode).toBe(200);

    // Wrong first, then right: still the first answer counts.
    const again = await answer(who, quizId, { option: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.quizAlreadyAnswered });
    expect(await storedAnswer(who.user.id, quizId)).toEqual({ option: 1, isCorrect: false, coins: 0 });
    expect(await balanceOf(t.db, who.user.id)).toBe(0);

    // Another user may still answer it.
    expect((await answer(other, quizId, { option: 2 })).json().body).toMatchObject({ correct: true, totalCoins: 10 });
    const twice = await answer(other, quizId, { option: 2 });
    expect(twice.statusCode).toBe(409);
    expect(await balanceOf(t.db, other.user.id)).toBe(10);
  });

  it('answers 404 for an unknown or inactive question, and stores nothing', async () => {
    const who = await loginAs(t, 'User');
    const inactive = await createQuiz(t.db, { isActive: false });
    for (const id of [inactive, 999_999]) {
      const res = await answer(who, id, { option: 2 });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ message: messages.quizNotFound });
    }
    expect(await storedAnswer(who.user.id, inactive)).toBeUndefined();
    expect(await entriesOf(t.db, who.user.id)).toEqual([]);
  });

  it('refuses an option that is not 1 to 4 with the contract message, and a bad id', async () => {
    const who = await loginAs(t, 'User');
    const quizId = await createQuiz(t.db);
    for (const payload of [{}, { option: 0 }, { option: 5 }, { option: 2.5 }, { option: null }]) {
      const res = await answer(who, quizId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: messages.quizAnswerRequired, errors: [messages.quizAnswerRequired] });
    }
    // An option that is there but no number is named as such (docs/behaviour.md §5 "Wrong types").
    for (const payload of [{ option: '2' }, { option: true }]) {
      const res = await answer(who, quizId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message: 'option must be a number.', errors: ['option must be a number.'] });
    }
    expect((await answer(who, 'abc', { option: 2 })).statusCode).toBe(400);
    expect(await storedAnswer(who.user.id, quizId)).toBeUndefined();
  });

  it('credits once when the same user sends the right answer many times at once (truly parallel on PostgreSQL)', async () => {
    const who = await loginAs(t, 'User');
    const quizId = await createQuiz(t.db, { coins: 30 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => answer(who, quizId, { option: 2 })));

    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 9 });
    expect(await balanceOf(t.db, who.user.id)).toBe(30);
    expect((await entriesOf(t.db, who.user.id)).map((e) => [e.kind, e.amount])).toEqual([['quiz', 30]]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
