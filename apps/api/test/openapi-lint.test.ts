import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spectralFindings } from '../src/cli/spectral.js';
import { buildTestApp, type TestApp } from './helpers/index.js';

// The API reference as a client generator and a reader get it: Spectral's OpenAPI rules and those
// of .spectral.yaml find nothing in it, not even a warning (`npm run api:lint` runs the same lint on
// the document of apps/api/src/cli/openapi.ts).
describe('the OpenAPI document (/api/docs/json) under Spectral', () => {
  let t: TestApp;
  let document: Record<string, unknown>;

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => t?.close());

  it('has no error and no warning', async () => {
    const findings = await spectralFindings(document);
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)).toEqual([]);
  });
});
