import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateUserInput } from '@strideadmin/contract';

let seq = 0;
/** A unique suffix of letters only (names allow letters and spaces). */
export function uniqueLetters(): string {
  const n = Date.now() * 100 + (seq++ % 100) + Math.floor(Math.random() * 1e6);
  return n
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
}

/** Test data through the real API, as an administrator would make it. */
export async function createUserViaApi(
  request: APIRequestContext,
  token: string,
  input: Partial<CreateUserInput> & { name: string; email: string },
): Promise<number> {
  const res = await request.post('/api/users', { data: input, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { body: { id: number } }).body.id;
}

export async function setPasswordViaApi(request: APIRequestContext, token: string, updateId: number, password: string) {
  const res = await request.put('/api/users/updatepassword', {
    data: { updateId, password },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A fresh administrator with a password, for tests that change their own account. */
export async function createAdminViaApi(request: APIRequestContext, token: string, name: string) {
  const email = `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`;
  const password = 'admin-pass-123';
  const id = await createUserViaApi(request, token, { name, email, role: 'Admin' });
  await setPasswordViaApi(request, token, id, password);
  return { id, email, password, name };
}

/** The smallest valid PNG (1x1), for upload tests. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
