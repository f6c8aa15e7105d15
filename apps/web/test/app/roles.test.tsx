import { messages, type RoleName } from '@strideadmin/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { session } from '../../src/lib/session';
import { makeDashboard } from '../support/dashboard';
import { jsonResponse, makeUser, makeUserDetail, stubFetch, stubMatchMedia } from '../support/fixtures';
import { preloadScreens, renderApp } from '../support/render-app';

beforeAll(preloadScreens);

/** Signed in with `role`, against the calls the shell and Home make. */
function signInAs(roleName: RoleName) {
  const user = makeUser({ roleName, name: `A ${roleName}` });
  session.signIn(user, 'jwt');
  stubMatchMedia(false);
  const api = stubFetch((req) => {
    const { pathname } = req.url;
    if (pathname === `/api/users/${user.id}`) return jsonResponse(200, { body: makeUserDetail(user) });
    if (pathname === '/api/profile') return jsonResponse(200, { body: { ...user, version: 1 } });
    if (pathname === '/api/message') return jsonResponse(200, { body: { rows: [], count: 0 } });
    if (pathname === '/api/dashboard') return jsonResponse(200, { body: makeDashboard('Today') });
    return jsonResponse(404, { message: messages.routeNotFound });
  });
  return { user, api };
}

const sidebarLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((l) => l.textContent);
};

describe('roles in the portal (docs/behaviour.md §13)', () => {
  test('the sidebar shows an Admin every entry', async () => {
    signInAs('Admin');
    renderApp('/');
    expect(await sidebarLabels()).toEqual([
      'Home',
      'User',
      'Quiz Questions',
      'Gift Cards',
      'Push Notifications',
      'Complaint Queries',
      'Gift Box Config',
      'Activity',
    ]);
  });

  test('the sidebar shows Support its entries only: no Quiz, Notifications or Gift Box Config', async () => {
    signInAs('Support');
    renderApp('/');
    expect(await sidebarLabels()).toEqual(['Home', 'User', 'Gift Cards', 'Complaint Queries']);
  });

  test('the sidebar shows Content its entries; the shell reads GET /profile and never the complaint count', async () => {
    const { api } = signInAs('Content');
    renderApp('/');
    expect(await sidebarLabels()).toEqual(['Home', 'Quiz Questions', 'Push Notifications', 'Gift Box Config']);
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/profile')).toBe(true));
    const paths = api.seen.map((r) => r.url.pathname);
    expect(paths).not.toContain('/api/message');
    expect(paths.filter((p) => p.startsWith('/api/users'))).toEqual([]);
  });

  test('a screen the role may not use shows "not allowed" inside the shell, with a way back Home', async () => {
    signInAs('Support');
    renderApp('/add-quiz');
    expect(await screen.findByText(messages.pageNotAllowed)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  test('a screen the role may use opens (Content: Add Quiz)', async () => {
    signInAs('Content');
    renderApp('/add-quiz');
    expect(await screen.findByRole('heading', { name: 'Add Quiz Question' })).toBeInTheDocument();
    expect(screen.queryByText(messages.pageNotAllowed)).toBeNull();
  });
});
