import { expect, type APIRequestContext } from '@playwright/test';
import { createUserViaApi, setPasswordViaApi, uniqueLetters } from './api';

export interface AppUser {
  id: number;
  name: string;
  email: string;
  /** A token of the app (signed in without adminPortal), for the /api/app calls. */
  token: string;
}

/**
 * An app user (role User) made through the real API as an administrator would, with a password,
 * signed in the way the mobile app signs in (POST /api/auth/login without adminPortal).
 */
export async function createAppUser(request: APIRequestContext, adminToken: string, name: string): Promise<AppUser> {
  // Names are letters and spaces only; a unique suffix keeps the e-mail unique whatever the name.
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}.${uniqueLetters()}@example.com`;
  const password = 'walker-pass-123';
  const id = await createUserViaApi(request, adminToken, { name, email });
  await setPasswordViaApi(request, adminToken, id, password);
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { body } = (await res.json()) as { body: { token: string } };
  return { id, name, email, token: body.token };
}

/** POST /api/app/message: a complaint query sent from the app. */
export async function sendQueryFromApp(request: APIRequestContext, user: AppUser, title: string, message: string) {
  const res = await request.post('/api/app/message', {
    data: { title, message },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: { id: number } }).body.id;
}

/** GET /api/app/notifications: the titles in the app user's inbox. */
export async function inboxTitles(request: APIRequestContext, user: AppUser): Promise<string[]> {
  const res = await request.get('/api/app/notifications?limit=100', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { body } = (await res.json()) as { body: { rows: { title: string }[] } };
  return body.rows.map((r) => r.title);
}
