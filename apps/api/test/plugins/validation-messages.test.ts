import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { type JsonSchema, type OpenApiDocument, type Operation, operationsOf } from '../security/fuzz-arbitraries.js';
import {
  buildTestApp,
  createUser,
  dateIn,
  type LoggedIn,
  loginAs,
  type TestApp,
  validCard,
  validQuiz,
} from '../helpers/index.js';

/**
 * docs/behaviour.md §5 "Wrong types": a refused request names each field that is wrong and what it
 * takes, in the contract's words; "... is required" only when a field is left out; a number sent as
 * text is refused, never read as a number; no zod default text ("Invalid input: expected ...").
 */

/** The contract's messages that say what a field takes without naming it (the portal shows them under the field). */
const ownWords = new Set<string>([
  messages.idNotNumber,
  messages.genderInvalid,
  messages.roleInvalid,
  messages.dateInvalid,
  messages.languageRequired, // 'Please select English or Swedish.'
  messages.accountLinkInvalid,
  messages.uploadFolderUnknown,
  messages.uploadTypeNotAllowed,
]);

// zod's own English texts ("Invalid input: expected boolean, received string", "Too small: ...").
const zodDefault =
  /Invalid input|Invalid option|Too small|Too big|Unrecognized key|expected [a-z]+, received|: expected /;

describe('readable answers to values of the wrong type', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let appUser: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp({ env: { APP_RATE_LIMIT_PER_MINUTE: '100000', APP_MESSAGE_LIMIT_PER_MINUTE: '100000' } });
    admin = await loginAs(t, 'Admin');
    appUser = await loginAs(t, 'User', { user: { isTracking: true } });
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, who: LoggedIn = admin) =>
    t.app.inject({ method, url, payload: payload as object, headers: who.headers });
  const refusal = (message: string) => ({ message, errors: [message] });

  it('PUT /users: isActive "yes" is not true or false; a number sent as text is not a number', async () => {
    const victim = await createUser(t.db);
    const user = {
      updateId: victim.id,
      name: 'Ada Lovelace',
      height: 170,
      weight: 60,
      gender: null,
      totalCoins: 5,
      dailyFSGoal: 8000,
      isActive: true,
      isTracking: false,
      role: 'User',
    };
    let res = await send('PUT', '/api/users', { ...user, isActive: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('isActive must be true or false.'));

    res = await send('PUT', '/api/users', { ...user, totalCoins: '100' });
    expect(res.json()).toEqual(refusal('totalCoins must be a number.'));

    const { isTracking: _, ...withoutTracking } = user;
    res = await send('PUT', '/api/users', withoutTracking);
    expect(res.json()).toEqual(refusal('isTracking is required.'));

    const { height: __, ...withoutHeight } = user;
    res = await send('PUT', '/api/users', withoutHeight);
    expect(res.json()).toEqual(refusal(messages.heightRequired));
  });

  it('POST /giftcard: amount "100" is not a number (not "Amount is required"); left out, it is required', async () => {
    let res = await send('POST', '/api/giftcard', { ...validCard(), amount: '100' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('amount must be a number.'));

    const { amount: _, ...withoutAmount } = validCard();
    res = await send('POST', '/api/giftcard', withoutAmount);
    expect(res.json()).toEqual(refusal(messages.amountRequired));

    res = await send('POST', '/api/giftcard', { ...validCard(), serialNumber: 42, price: '1e3' });
    expect(res.json()).toEqual({
      message: messages.validationFailed,
      errors: ['serialNumber must be a text.', 'price must be a number.'],
    });
  });

  it('POST /quiz: coins and correctOption as text are not numbers; coins left out are required', async () => {
    let res = await send('POST', '/api/quiz', { ...validQuiz(), coins: '10' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('coins must be a number.'));

    res = await send('POST', '/api/quiz', { ...validQuiz(), correctOption: '2' });
    expect(res.json()).toEqual(refusal('correctOption must be a number.'));

    const { coins: _, ...withoutCoins } = validQuiz();
    res = await send('POST', '/api/quiz', withoutCoins);
    expect(res.json()).toEqual(refusal(messages.coinsRequired));

    res = await send('POST', '/api/quiz', { ...validQuiz(), isActive: 1 });
    expect(res.json()).toEqual(refusal('isActive must be true or false.'));
  });

  it('POST /app/steps: steps "100" is not a number, and nothing is recorded', async () => {
    let res = await send('POST', '/api/app/steps', { date: dateIn(0), steps: '100' }, appUser);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('steps must be a number.'));

    res = await send('POST', '/api/app/steps', { date: dateIn(0) }, appUser);
    expect(res.json()).toEqual(refusal(messages.stepsRequired));

    res = await send('POST', '/api/app/steps', { date: 20240101, steps: 100 }, appUser);
    expect(res.json()).toEqual(refusal('date must be a text.'));
  });

  it('a number in a query string or a path is digits only', async () => {
    const get = (url: string) => t.app.inject({ url, headers: admin.headers });
    for (const page of ['abc', '1e3', '0x10', 'Infinity']) {
      const res = await get(`/api/users?page=${page}`);
      expect(res.statusCode, page).toBe(400);
      expect(res.json(), page).toEqual(refusal('page must be a number.'));
    }
    expect((await get('/api/users?page=0')).json()).toEqual(refusal('page must be at least 1.'));
    expect((await get('/api/users?page=2')).statusCode).toBe(200);
    const res = await get('/api/users/1e3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(messages.idNotNumber));
  });

  it('a body that is no JSON object says so', async () => {
    for (const payload of [[], 'text', 12]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quiz',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual(refusal(messages.requestBodyNotObject));
    }
  });

  describe('every body field of every call the API documents', () => {
    let ops: Operation[];
    beforeAll(async () => {
      const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      ops = operationsOf(doc.json<OpenApiDocument>()).filter((op) => op.body?.properties);
    });

    /** The JSON types a field's schema takes (`integer` as `number`). */
    function typesOf(schema: JsonSchema): Set<string> {
      if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...typesOf(s)]));
      if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
      const type = schema.type === 'integer' ? 'number' : schema.type;
      const types = new Set(type ? [type] : []);
      if (schema.nullable) types.add('null');
      return types;
    }
    const typeOfValue = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    /** A value of a type the field does not take: a number as text first (the mistake a client makes). */
    function wrongValue(schema: JsonSchema): unknown {
      const types = typesOf(schema);
      return ['12', 12, true, ['x'], { x: 1 }].find((v) => !types.has(typeOfValue(v)));
    }

    const urlOf = (op: Operation) => op.path.replace(/\{[^}]+\}/g, '1');
    const who = (op: Operation) => (op.audience === 'app' ? appUser : admin);
    const inject = (op: Operation, payload: object) =>
      t.app.inject({
        method: op.method as 'POST',
        url: urlOf(op),
        payload,
        headers: op.audience === 'public' ? {} : who(op).headers,
      });

    it('a wrong type is refused with 400, each message in words, naming the field', async () => {
      expect(ops.length).toBeGreaterThan(20);
      const problems: string[] = [];
      for (const op of ops) {
        for (const [field, schema] of Object.entries(op.body!.properties!)) {
          const value = wrongValue(schema);
          if (value === undefined) continue; // a field that takes anything
          const res = await inject(op, { [field]: value });
          const body = res.json<{ message: string; errors?: string[] }>();
          const said = [body.message, ...(body.errors ?? [])];
          const about = `${op.name} ${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body}`;
          if (res.statusCode !== 400) problems.push(`not a 400: ${about}`);
          if (said.some((m) => zodDefault.test(m))) problems.push(`zod's own text: ${about}`);
          // A message that names the field, or the field's own message saying what it takes.
          if (!(body.errors ?? []).some((m) => m.includes(field) || ownWords.has(m)))
            problems.push(`no message about ${field}: ${about}`);
          if ((body.errors ?? []).some((m) => m === messages.fieldRequired(field)))
            problems.push(`called required while it is there: ${about}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('a body of the wrong type altogether never answers zod text', async () => {
      const problems: string[] = [];
      for (const op of ops) {
        for (const body of [[], 'text', 12, null]) {
          const res = await t.app.inject({
            method: op.method as 'POST',
            url: urlOf(op),
            headers: {
              ...(op.audience === 'public' ? {} : who(op).headers),
              'content-type': 'application/json',
            },
            payload: JSON.stringify(body),
          });
          if (res.statusCode !== 400 || zodDefault.test(res.body))
            problems.push(`${op.name} ${JSON.stringify(body)}: ${res.statusCode} ${res.body}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
