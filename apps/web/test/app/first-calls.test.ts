import { messages, type RoleName } from '@strideadmin/contract';
import { waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { startFirstCalls } from '../../src/app/first-calls';
import { getAppClient, setAppClient } from '../../src/app/query-layer';
import { createQueryClient } from '../../src/lib/query-client';
import { session } from '../../src/lib/session';
import { makeDashboard } from '../support/dashboard';
import { jsonResponse, makeUser, makeUserDetail, stubFetch } from '../support/fixtures';

/** Signed in with `role`; the server answers the shell's and Home's calls. */
function signedInAs(roleName: RoleName) {
  const user = makeUser({ roleName });
  session.signIn(user, 'jwt');
  setAppClient(createQueryClient());
  const api = stubFetch((req) => {
    const { pathname } = req.url;
    if (pathname === `/api/users/${user.id}`) return jsonResponse(200, { body: makeUserDetail(user) });
    if (pathname === '/api/profile') return jsonResponse(200, { body: { ...user, version: 1 } });
    if (pathname === '/api/message') return jsonResponse(200, { body: { rows: [], count: 3 } });
    if (pathname === '/api/dashboard') return jsonResponse(200, { body: makeDashboard('Week') });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  const calls = () => api.seen.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`).sort();
  return { user, calls };
}

describe("a sign-in's first calls (app/first-calls.ts)", () => {
  test("to Home: the shell's two calls and the dashboard of the range in the URL, once each", async () => {
    const { user, calls } = signedInAs('Admin');
    startFirstCalls('/?range=Week');
    startFirstCalls('/?range=Week'); // a second render of the guard starts nothing more
    await waitFor(() =>
      expect(calls()).toEqual([
        'GET /api/dashboard?range=Week',
        'GET /api/message?isRead=false&limit=1',
        `GET /api/users/${user.id}`,
      ]),
    );
    // The screens then read these answers from the app's client instead of asking again.
    await waitFor(() => expect(getAppClient().getQueryData(['complaint-queries', 'unread-count'])).toBe(3));
  });

  test("to another screen: only the shell's calls; a role that cannot open the complaint queries: no count", async () => {
    const admin = signedInAs('Admin');
    startFirstCalls('/user-list?page=2');
    await waitFor(() =>
      expect(admin.calls()).toEqual(['GET /api/message?isRead=false&limit=1', `GET /api/users/${admin.user.id}`]),
    );

    const content = signedInAs('Content');
    startFirstCalls('/');
    await waitFor(() => expect(content.calls()).toEqual(['GET /api/dashboard?range=Today', 'GET /api/profile']));
  });

  test('signed out: nothing', async () => {
    const { calls } = signedInAs('Admin');
    session.signOut();
    startFirstCalls('/');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls()).toEqual([]);
  });
});
