import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, type TestApp } from './helpers/index.js';

const secretDetail = 'connection string postgres://root:hunter2@db';

describe('the app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      setup: (app) => {
        app.get('/api/__test/crash', async () => {
          throw new Error(secretDetail);
        });
      },
    });
  });
  afterAll(() => t?.close());

  describe('GET /api/health', () => {
    it('reports the database as reachable, and which driver it is', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });

      expect(res.statusCode).toBe(200);
      const { body } = res.json();
      expect(body).toMatchObject({ status: 'ok', database: { ok: true, driver: inject('testDatabase').driver } });
      expect(body.version).toEqual(expect.any(String));
      expect(body.uptimeSeconds).toEqual(expect.any(Number));
    });
  });

  describe('the envelope', () => {
    it('answers an unknown API call with 404 JSON, whatever the method', async () => {
      for (const [method, url] of [
        ['GET', '/api/xyz'],
        ['POST', '/api/xyz'],
        ['GET', '/api'],
        ['DELETE', '/api/auth/login'],
      ] as const) {
        const res = await t.app.inject({ method, url });

        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ message: messages.routeNotFound });
      }
    });

    it('answers another unknown path with 404 JSON when no portal is built', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });

      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: messages.notFound });
    });

    it('refuses a body over the limit with 413', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.com', password: 'x'.repeat(t.config.bodyLimit) },
      });

      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: messages.payloadTooLarge });
    });

    it('refuses a body that is not JSON with 400, and no parser detail', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@example.com", ',
      });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
    });

    it('refuses a content type it does not read with 415', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/xml' },
        payload: '<login/>',
      });

      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });

    it('answers a path that is not valid percent-encoding, or a path parameter too long, with the envelope', async () => {
      for (const [url, status, message] of [
        // %ED%A0%80 would be a lone UTF-16 surrogate: no string decodes from it.
        ['/api/users/%ED%A0%80?q=<script>', 400, messages.routeNotFound],
        ['/uploads/profile_Images/%E0%A4%A', 400, messages.notFound],
        [`/api/users/${'9'.repeat(101)}`, 414, messages.routeNotFound],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url });

        expect(res.statusCode, url).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ message });
      }
    });

    it('hides what went wrong inside a 500', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/__test/crash' });

      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: messages.internalError });
      expect(res.body).not.toContain('hunter2');
    });
  });

  describe('headers', () => {
    it('carry the security headers on every answer', async () => {
      for (const url of ['/api/health', '/api/xyz']) {
        const res = await t.app.inject({ method: 'GET', url });

        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(res.headers['x-powered-by']).toBeUndefined();
      }
    });

    it('answer an x-request-id of their own: a client cannot name its requests (no TRUST_PROXY)', async () => {
      const given = await t.app.inject({
        method: 'GET',
        url: '/api/xyz',
        headers: { 'x-request-id': 'trace-abc-123' },
      });
      expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      const made = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('GET /api/docs/json', () => {
    it('is an OpenAPI document of the API', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });

      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/auth/login']?.post).toBeDefined();
      expect(doc.paths['/api/health']?.get).toBeDefined();
    });
  });
});

describe('the app without its database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('reports itself degraded with 503', async () => {
    await t.database.close();

    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().body).toMatchObject({ status: 'degraded', database: { ok: false } });
  });
});
