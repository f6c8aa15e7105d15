import type { LoggedIn, TestApp } from '../../helpers/index.js';

/** A GET of the app as the app makes it, with the caller's token (or the given headers). */
export function appGet(t: TestApp, who: LoggedIn | { headers: Record<string, string> }, url: string) {
  return t.app.inject({ method: 'GET', url: `/api${url}`, headers: who.headers });
}

/** The body of a 200 answer, typed as the test reads it. */
export function bodyOf<T>(res: { statusCode: number; body: string; json: () => unknown }): T {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
  return (res.json() as { body: T }).body;
}
