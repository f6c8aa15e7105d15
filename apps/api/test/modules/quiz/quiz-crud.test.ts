import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateQuiz, limits, messages, type QuizQuestion } from '@strideadmin/contract';
import { quizQuestions } from '../../../src/db/schema.js';
import { buildTestApp, createQuiz, type LoggedIn, loginAs, type TestApp, validQuiz } from '../../helpers/index.js';

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the quiz question calls', () => {
  let t: TestApp;
  let admin: LoggedIn;

  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/quiz', payload, headers: admin.headers });
  const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/quiz', payload, headers: admin.headers });
  const get = (id: number | string) => t.app.inject({ url: `/api/quiz/${id}`, headers: admin.headers });
  const del = (id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/quiz/${id}`, headers: admin.headers });
  const stored = async (id: number) => (await t.db.select().from(quizQuestions).where(eq(quizQuestions.id, id)))[0];
  const storedCount = async () => (await t.db.select({ id: quizQuestions.id }).from(quizQuestions)).length;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  describe('POST /api/quiz', () => {
    it('adds the question and answers its id; it reads back as sent, trimmed, with ISO dates', async () => {
      const quiz = validQuiz({ question: '  Which city hosts Skansen? ', option1: ' Stockholm ', language: 'sv' });

      const res = await post(quiz);

      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: messages.quizCreated, body: { id: expect.any(Number) } });
      const id: number = res.json().body.id;
      const read = await get(id);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        body: {
          ...quiz,
          id,
          question: 'Which city hosts Skansen?',
          option1: 'Stockholm',
          createdAt: expect.stringMatching(iso),
          updatedAt: expect.stringMatching(iso),
        },
      });
    });

    it('makes a question active unless told otherwise, and keeps an inactive one inactive', async () => {
      const { isActive: _, ...withoutFlag } = validQuiz();
      const active = await post(withoutFlag);
      expect((await stored(active.json().body.id))?.isActive).toBe(true);
      const inactive = await post(validQuiz({ isActive: false, coins: 0 }));
      expect(await stored(inactive.json().body.id)).toMatchObject({ isActive: false, coins: 0 });
    });

    it('refuses every invalid field with its message in errors, and stores nothing', async () => {
      const tooLong = 'x'.repeat(limits.quizQuestionMax + 1);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ question: '' }, messages.questionRequired],
        [{ question: '   ' }, messages.questionRequired],
        [{ question: undefined }, messages.questionRequired],
        [{ question: tooLong }, `At most ${limits.quizQuestionMax} characters.`],
        [{ option1: '' }, messages.option1Required],
        [{ option2: undefined }, messages.option2Required],
        [{ option3: ' ' }, messages.option3Required],
        [{ option4: '' }, messages.option4Required],
        [{ option4: 'y'.repeat(limits.quizOptionMax + 1) }, `At most ${limits.quizOptionMax} characters.`],
        [{ option2: 'About 100' }, messages.optionsMustDiffer],
        [{ option4: '  about 1300 ' }, messages.optionsMustDiffer], // any case, outer spaces
        [{ correctOption: undefined }, messages.correctOptionRequired],
        [{ correctOption: 0 }, messages.correctOptionRequired],
        [{ correctOption: 5 }, messages.correctOptionRequired],
        [{ correctOption: 2.5 }, messages.correctOptionRequired],
        [{ correctOption: '2' }, 'correctOption must be a number.'],
        [{ language: undefined }, messages.languageRequired],
        [{ language: 'de' }, messages.languageRequired],
        [{ language: 'EN' }, messages.languageRequired],
        [{ coins: undefined }, messages.coinsRequired],
        [{ coins: '10' }, 'coins must be a number.'],
        [{ coins: -1 }, messages.numberMin0],
        [{ coins: 1.5 }, messages.integerOnly],
        [{ coins: limits.int32Max + 1 }, messages.numberTooLarge],
      ];
      const before = await storedCount();
      for (const [override, message] of cases) {
        const res = await post({ ...validQuiz(), ...override });
        expect(res.statusCode, JSON.stringify(override)).toBe(400);
        expect(res.json(), JSON.stringify(override)).toEqual({ message, errors: [message] });
      }
      expect(await storedCount()).toBe(before);
    });

    it('lists every problem of a bad body in errors', async () => {
      const res = await post({ question: '', option1: 'Same', option2: 'same', language: 'fi', coins: -5 });

      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.validationFailed);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          messages.questionRequired,
          messages.option3Required,
          messages.option4Required,
          messages.correctOptionRequired,
          messages.languageRequired,
          messages.numberMin0,
        ]),
      );
    });
  });

  describe('GET /api/quiz/{id}', () => {
    it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
      const missing = await get(2_000_000_000);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: messages.quizNotFound });
      expect((await get('abc')).statusCode).toBe(400);
    });
  });

  describe('PUT /api/quiz', () => {
    it('changes every field of updateId and answers the stored question', async () => {
      const id = await createQuiz(t.db, { createdAt: new Date('2024-05-01T10:00:00.000Z') });
      const before = (await stored(id))!;
      const fields: CreateQuiz = {
        question: 'Hur många steg går en vuxen om dagen?',
        option1: 'Ett',
        option2: 'Två',
        option3: 'Tre',
        option4: 'Fyra',
        correctOption: 4,
        language: 'sv',
        coins: 99,
        isActive: false,
      };

      const res = await put({ updateId: id, ...fields });

      expect(res.statusCode, res.body).toBe(200);
      const body: QuizQuestion = res.json().body;
      expect(res.json().message).toBe(messages.quizUpdated);
      expect(body).toEqual({
        id,
        ...fields,
        createdAt: '2024-05-01T10:00:00.000Z',
        updatedAt: expect.stringMatching(iso),
      });
      expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(before.updatedAt.getTime());
      expect((await get(id)).json().body).toEqual(body);
    });

    it('answers 404 for an unknown updateId and changes nothing', async () => {
      const before = await storedCount();
      const res = await put({ updateId: 2_000_000_000, ...validQuiz() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.quizNotFound });
      expect(await storedCount()).toBe(before);
    });

    it('refuses a missing updateId and the same invalid fields as POST, leaving the question as it was', async () => {
      const id = await createQuiz(t.db, { question: 'Unchanged?' });
      const noId = await put(validQuiz());
      expect(noId.statusCode).toBe(400);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ question: '' }, messages.questionRequired],
        [{ option3: 'About 10000', option4: 'ABOUT 10000' }, messages.optionsMustDiffer],
        [{ correctOption: 7 }, messages.correctOptionRequired],
        [{ language: 'no' }, messages.languageRequired],
        [{ coins: -1 }, messages.numberMin0],
      ];
      for (const [override, message] of cases) {
        const res = await put({ updateId: id, ...validQuiz(), ...override });
        expect(res.statusCode, JSON.stringify(override)).toBe(400);
        expect(res.json(), JSON.stringify(override)).toEqual({ message, errors: [message] });
      }
      expect((await stored(id))?.question).toBe('Unchanged?');
    });
  });

  describe('DELETE /api/quiz/{id}', () => {
    it('deletes the question; a second delete, a read and an update of it answer 404', async () => {
      const id = await createQuiz(t.db);

      const res = await del(id);

      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.quizDeleted, body: null });
      expect(await stored(id)).toBeUndefined();
      for (const again of [await del(id), await get(id), await put({ updateId: id, ...validQuiz() })]) {
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ message: messages.quizNotFound });
      }
    });

    it('leaves the other questions alone', async () => {
      const keep = await createQuiz(t.db);
      const drop = await createQuiz(t.db);
      expect((await del(drop)).statusCode).toBe(200);
      expect(await stored(keep)).toBeDefined();
    });
  });
});
