import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectDocumented, type TestApp } from './helpers/index.js';

/** An operation of the document, as far as these checks read it. */
interface Operation {
  security?: unknown;
  tags?: string[];
  responses: Record<string, { content?: Record<string, unknown> }>;
  parameters?: Array<{ name: string; in: string }>;
}

interface ModuleDocs {
  /** Each call with exactly the answers it documents (statuses sorted as strings). */
  calls: Array<[path: string, method: string, statuses: string[]]>;
  /** The tag a call of the module is listed under. */
  tagOf: (path: string) => string;
  /** A GET call and the query parameters it documents (sorted). */
  parameters: [path: string, names: string[]];
}

const onlyTag = (tag: string) => () => tag;
const appOr = (tag: string) => (path: string) => (path.startsWith('/api/app/') ? 'app' : tag);

// Who may make these calls, and that a refusal changes nothing: test/security/authorization-matrix.test.ts
// and test/security/tokens.test.ts.
const modules: Record<string, ModuleDocs> = {
  'the users calls': {
    calls: [
      ['/api/users', 'get', ['200', '400', '401', '403']],
      ['/api/users/export', 'get', ['200', '400', '401', '403']],
      ['/api/users/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/users', 'post', ['200', '400', '401', '403', '409']],
      ['/api/users', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/users/updatepassword', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/users/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/users/bulk-delete', 'post', ['200', '400', '401', '403']],
      ['/api/users/ids', 'get', ['200', '400', '401', '403']],
      ['/api/users/{id}/ledger', 'get', ['200', '400', '401', '403', '404']],
      ['/api/users/{id}/coins', 'post', ['200', '400', '401', '403', '404', '409']],
      ['/api/profile', 'get', ['200', '401', '403', '404']],
      ['/api/profile', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/profile/change_password', 'post', ['200', '400', '401', '403', '429']],
    ],
    tagOf: (path) => (path.startsWith('/api/profile') ? 'profile' : 'users'),
    parameters: ['/api/users', ['count', 'email', 'limit', 'name', 'order', 'page', 'role', 'sort']],
  },
  'the gift-card calls': {
    calls: [
      ['/api/giftcard', 'get', ['200', '400', '401', '403']],
      ['/api/giftcard/export', 'get', ['200', '400', '401', '403']],
      ['/api/giftcard/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/giftcard', 'post', ['200', '400', '401', '403', '409']],
      ['/api/giftcard', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/giftcard/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/giftcard/bulk-delete', 'post', ['200', '400', '401', '403']],
      ['/api/giftcard/ids', 'get', ['200', '400', '401', '403']],
      ['/api/multiplegiftcard', 'post', ['200', '201', '400', '401', '403', '413']],
      ['/api/config/gift-cards', 'get', ['200', '401', '403']],
    ],
    tagOf: onlyTag('gift-cards'),
    parameters: [
      '/api/giftcard',
      ['count', 'isExpired', 'limit', 'order', 'page', 'serialNumber', 'sort', 'storeName'],
    ],
  },
  'the quiz calls': {
    calls: [
      ['/api/quiz', 'get', ['200', '400', '401', '403']],
      ['/api/quiz/export', 'get', ['200', '400', '401', '403']],
      ['/api/quiz/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/quiz', 'post', ['200', '400', '401', '403']],
      ['/api/quiz', 'put', ['200', '400', '401', '403', '404']],
      ['/api/quiz/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/quiz/bulk-delete', 'post', ['200', '400', '401', '403']],
      ['/api/quiz/ids', 'get', ['200', '400', '401', '403']],
    ],
    tagOf: onlyTag('quiz'),
    parameters: ['/api/quiz', ['count', 'language', 'limit', 'order', 'page', 'question', 'sort']],
  },
  'the gift box calls': {
    calls: [
      ['/api/giftbox', 'get', ['200', '400', '401', '403']],
      ['/api/giftbox/export', 'get', ['200', '400', '401', '403']],
      ['/api/giftbox/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/giftbox', 'post', ['200', '400', '401', '403', '409']],
      ['/api/giftbox', 'put', ['200', '400', '401', '403', '404', '409']],
      ['/api/giftbox/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/giftbox/bulk-delete', 'post', ['200', '400', '401', '403']],
      ['/api/giftbox/ids', 'get', ['200', '400', '401', '403']],
      ['/api/giftbox/manual', 'post', ['200', '400', '401', '403', '404']],
      ['/api/giftbox/manual/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/config/map', 'get', ['200', '401', '403']],
    ],
    tagOf: onlyTag('gift-boxes'),
    parameters: ['/api/giftbox', ['count', 'limit', 'order', 'page', 'sort', 'type']],
  },
  'the notification calls': {
    calls: [
      ['/api/notification', 'get', ['200', '400', '401', '403']],
      ['/api/notification/export', 'get', ['200', '400', '401', '403']],
      ['/api/notification', 'post', ['200', '400', '401', '403']],
      ['/api/notification/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/notification/bulk-delete', 'post', ['200', '400', '401', '403']],
      ['/api/notification/ids', 'get', ['200', '400', '401', '403']],
      ['/api/app/notifications', 'get', ['200', '400', '401', '403', '429']],
    ],
    tagOf: appOr('notifications'),
    parameters: ['/api/notification', ['count', 'limit', 'message', 'order', 'page', 'sort', 'title']],
  },
  'the complaint-query calls': {
    calls: [
      ['/api/message', 'get', ['200', '400', '401', '403']],
      ['/api/message/export', 'get', ['200', '400', '401', '403']],
      ['/api/message/{id}', 'get', ['200', '400', '401', '403', '404']],
      ['/api/message', 'put', ['200', '400', '401', '403', '404']],
      ['/api/message/{id}', 'delete', ['200', '400', '401', '403', '404']],
      ['/api/message/bulk-delete', 'post', ['200', '400', '401', '403']],
      ['/api/message/ids', 'get', ['200', '400', '401', '403']],
      ['/api/app/message', 'post', ['200', '400', '401', '403', '429']],
    ],
    tagOf: appOr('complaint-queries'),
    parameters: ['/api/message', ['count', 'isRead', 'limit', 'order', 'page', 'sort', 'title']],
  },
  'the dashboard call': {
    calls: [['/api/dashboard', 'get', ['200', '400', '401', '403']]],
    tagOf: onlyTag('dashboard'),
    parameters: ['/api/dashboard', ['range']],
  },
  'the quick search call': {
    calls: [['/api/search', 'get', ['200', '400', '401', '403']]],
    tagOf: onlyTag('search'),
    parameters: ['/api/search', ['q']],
  },
  'the audit log calls': {
    calls: [
      ['/api/audit', 'get', ['200', '400', '401', '403']],
      ['/api/audit/export', 'get', ['200', '400', '401', '403']],
      ['/api/audit/{id}', 'get', ['200', '400', '401', '403', '404']],
    ],
    tagOf: onlyTag('audit'),
    parameters: [
      '/api/audit',
      ['action', 'actorId', 'count', 'entity', 'entityId', 'from', 'limit', 'order', 'page', 'sort', 'to'],
    ],
  },
  'the app calls': {
    calls: [
      ['/api/app/steps', 'post', ['200', '400', '401', '403', '429']],
      ['/api/app/quiz', 'get', ['200', '400', '401', '403', '429']],
      ['/api/app/quiz/{id}/answer', 'post', ['200', '400', '401', '403', '404', '409', '429']],
      ['/api/app/giftbox/{id}/open', 'post', ['200', '400', '401', '403', '404', '409', '410', '429']],
      ['/api/app/giftcard/{id}/redeem', 'post', ['200', '400', '401', '403', '404', '409', '429']],
      ['/api/app/message', 'post', ['200', '400', '401', '403', '429']],
      ['/api/app/notifications', 'get', ['200', '400', '401', '403', '429']],
      ['/api/app/resend_verification', 'post', ['200', '401', '403', '409', '429']],
      ['/api/app/giftcards', 'get', ['200', '400', '401', '403', '429']],
      ['/api/app/giftcards/mine', 'get', ['200', '400', '401', '403', '429']],
      ['/api/app/giftboxes', 'get', ['200', '400', '401', '403', '429']],
      ['/api/app/ledger', 'get', ['200', '400', '401', '403', '429']],
    ],
    tagOf: onlyTag('app'),
    parameters: ['/api/app/quiz', ['language', 'limit', 'order', 'page']],
  },
};

describe('the API reference (/api/docs/json)', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation | undefined>>;
  let schemas: Record<string, unknown>;

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    paths = res.json().paths;
    schemas = res.json().components.schemas;
  });
  afterAll(() => t?.close());

  it.each(Object.entries(modules))(
    'documents %s with the bearer scheme, their tag, an answer per status and their query parameters',
    (_, { calls, tagOf, parameters: [path, names] }) => {
      expectDocumented(paths, calls, tagOf);
      const parameters = paths[path]?.get?.parameters ?? [];
      expect(parameters.map((p) => `${p.in} ${p.name}`).sort()).toEqual(names.map((name) => `query ${name}`));
    },
  );

  it('documents the CSV template of the gift cards as public, answering text/csv', () => {
    const template = paths['/api/giftcard/csv-template']?.get;
    expect(template).toBeDefined();
    expect(template!.security).toBeUndefined();
    expect(Object.keys(template!.responses['200']?.content ?? {})).toEqual(['text/csv']);
  });

  it('names the shapes calls share once, under components.schemas, and refers to them', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const json = (status: string, op: Operation | undefined) =>
      (op?.responses[status]?.content?.['application/json'] as { schema?: unknown } | undefined)?.schema;
    const getUser = paths['/api/users/{id}']?.get;
    expect(json('404', getUser)).toEqual(ref('ErrorEnvelope'));
    expect(json('200', getUser)).toMatchObject({ properties: { body: ref('UserDetail') } });
    expect(schemas.UserDetail).toMatchObject({ properties: { GiftCards: { items: ref('GiftCard') } } });

    // The error envelope is written out once: no call repeats its shape.
    const text = JSON.stringify(paths);
    expect(text).not.toContain(JSON.stringify((schemas.ErrorEnvelope as { properties: unknown }).properties));
    // Every name a call refers to is there, and every name there is referred to.
    const referred = new Set(
      [...JSON.stringify({ paths, schemas }).matchAll(/"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]),
    );
    expect([...referred].sort()).toEqual(Object.keys(schemas).sort());
  });
});
