import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';

describe('GET /api/dashboard: who may call it and with what', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
  });
  afterAll(() => t?.close());

  it('answers 401 Unauthorized without a token or with a bad one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const res = await t.app.inject({ url: '/api/dashboard?range=Week', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.unauthorized });
    }
  });

  it('answers 403 to an app user, and to an administrator signed in through the app', async () => {
    const adminInApp = await loginAs(t, 'Admin', { adminPortal: false });
    for (const who of [walker, adminInApp]) {
      const res = await t.app.inject({ url: '/api/dashboard?range=Week', headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.forbidden });
    }
  });

  it('answers 400 to a range that is not one of spec §9, whatever the case', async () => {
    for (const range of ['week', 'Last Week', 'Yesterday', '7', '']) {
      const res = await t.app.inject({ url: '/api/dashboard', query: { range }, headers: admin.headers });
      expect(res.statusCode, range).toBe(400);
      expect(res.json().message).toBe('range must be Today, Week, Month, Year or All.');
    }
  });

  it('takes Today when no range is given', async () => {
    const res = await t.app.inject({ url: '/api/dashboard', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ range: 'Today', granularity: 'day' });
    expect(res.json().body.series).toHaveLength(1);
  });

  it('is documented in /api/docs with the bearer scheme, the range parameter and an answer per status', async () => {
    const { paths } = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = paths['/api/dashboard']?.get;
    expect(op).toBeDefined();
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.tags).toEqual(['dashboard']);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403']);
    const parameters: Array<{ name: string; in: string }> = op.parameters;
    expect(parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['query range']);
  });
});
