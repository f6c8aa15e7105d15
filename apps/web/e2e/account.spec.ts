import { messages } from '@strideadmin/contract';
import type { APIRequestContext } from '@playwright/test';
import { accounts } from './support/accounts';
import { createUserViaApi, setPasswordViaApi, uniqueLetters } from './support/api';
import { expect, test, type Page } from './support/fixtures';
import { mailFilesTo, waitForMailLink } from './support/mail';

// The e-mail flows of docs/behaviour.md §2/§4/§5/§8 against the real server, whose e-mails land as .eml files
// under E2E_DATA_DIR/mail. The redirects without a token are in routing.spec.ts.

/** The administrator's token, through the API only: the browser itself stays signed out. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: accounts.admin.email, password: accounts.admin.password, adminPortal: true },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: { token: string } }).body.token;
}

/** A new app user (through the API, as an administrator would add one): invited by e-mail. */
async function newUser(request: APIRequestContext, token: string) {
  const letters = uniqueLetters();
  const user = { name: `Rita ${letters}`, email: `rita.${letters}@example.com` };
  const id = await createUserViaApi(request, token, user);
  return { ...user, id };
}

/** The message of the next answer of `path`, read as the browser received it. */
function answerOf(page: Page, path: string) {
  return page
    .waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path)
    .then(async (r) => ({ status: r.status(), message: ((await r.json()) as { message: string }).message }));
}

test('forgot → e-mail → reset (every rule) → /login with a toast → the new password works, the link only once', async ({
  page,
  baseURL,
}) => {
  const token = await adminToken(page.request);
  const rita = await newUser(page.request, token);
  await setPasswordViaApi(page.request, token, rita.id, 'first-pass-123');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const forgotForm = page.getByRole('form', { name: 'Forgot password' });
  await expect(forgotForm.getByText(/send you a link to reset your password/)).toBeVisible();

  const before = await mailFilesTo(rita.email);
  const email = forgotForm.getByLabel('Email');
  await email.fill(rita.email);
  const forgotAnswer = answerOf(page, '/api/auth/forgot_password');
  await forgotForm.getByRole('button', { name: 'Send reset link' }).click();
  const forgot = await forgotAnswer;
  expect(forgot.status).toBe(200);
  // docs/behaviour.md §4: a green notice with the server's message replaces the prompt; the field clears.
  const notice = forgotForm.getByRole('status');
  await expect(notice).toHaveText(forgot.message);
  expect(await notice.getAttribute('class')).toMatch(/emerald/);
  await expect(forgotForm.getByText(/send you a link to reset your password/)).toHaveCount(0);
  await expect(email).toHaveValue('');

  const { mail, link } = await waitForMailLink(rita.email, '/reset-password', { baseURL: baseURL!, after: before });
  expect(mail.html).toContain('/reset-password?token=');
  expect(new URL(link).searchParams.get('token')).toBeTruthy();

  // The link opens the reset screen (page.goto on the absolute link: PUBLIC_URL is the e2e server).
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  const resetForm = page.getByRole('form', { name: 'Reset password' });
  const password = resetForm.getByLabel('New Password');
  const confirm = resetForm.getByLabel('Confirm Password');
  const submit = resetForm.getByRole('button', { name: 'Reset password' });

  // docs/behaviour.md §5 Reset password: every message, none of them reaching the server.
  let resetCalls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/reset_password') resetCalls++;
  });
  await submit.click();
  await expect(resetForm.getByText(messages.resetNewPasswordRequired)).toHaveCount(2);
  await password.fill('12345');
  await confirm.fill('12345');
  await submit.click();
  await expect(resetForm.getByText(messages.passwordMinReset)).toHaveCount(2);
  await password.fill('x'.repeat(256));
  await confirm.fill('x'.repeat(256));
  await submit.click();
  await expect(resetForm.getByText(messages.passwordMaxReset)).toHaveCount(2);
  await password.fill('new-pass-123');
  await confirm.fill('new-pass-124');
  await submit.click();
  await expect(resetForm.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  expect(resetCalls).toBe(0);

  await confirm.fill('new-pass-123');
  const resetAnswer = answerOf(page, '/api/auth/reset_password');
  await submit.click();
  const reset = await resetAnswer;
  expect(reset.status).toBe(200);
  // docs/behaviour.md §4: to /login, with the server's message as a success toast.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to StrideAdmin' })).toBeVisible();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(reset.message);
  await expect(toast).toHaveAttribute('data-kind', 'success');

  // The new password signs in (an app user, so not through the admin portal); the old one does not.
  const signedIn = await page.request.post('/api/auth/login', {
    data: { email: rita.email, password: 'new-pass-123' },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const old = await page.request.post('/api/auth/login', { data: { email: rita.email, password: 'first-pass-123' } });
  expect(old.status()).not.toBe(200);

  // The link is single use: the same link again is refused, under the form and in one toast.
  await page.goto(link);
  await password.fill('another-pass-1');
  await confirm.fill('another-pass-1');
  const againAnswer = answerOf(page, '/api/auth/reset_password');
  await submit.click();
  expect((await againAnswer).status).toBe(400);
  await expect(resetForm.getByTestId('form-error')).toHaveText(messages.accountLinkInvalid);
  // Once, under the form: no toast repeats it.
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
});

test('forgot password: every validation message, nothing sent; a link back to sign in', async ({ page }) => {
  let calls = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/forgot_password') calls++;
  });
  await page.goto('/forgot-password');
  const form = page.getByRole('form', { name: 'Forgot password' });
  const email = form.getByLabel('Email');
  const submit = form.getByRole('button', { name: 'Send reset link' });

  await submit.click();
  await expect(form.getByText(messages.emailRequired)).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('walker-at-example');
  await submit.click();
  await expect(form.getByText(messages.emailInvalidForgot)).toBeVisible();
  await email.fill(`${'a'.repeat(250)}@example.com`);
  await submit.click();
  await expect(form.getByText(messages.emailInvalidForgot)).toBeVisible();
  expect(calls).toBe(0);

  await form.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('verify account: the invitation link verifies, then Go To Login', async ({ page, baseURL }) => {
  const token = await adminToken(page.request);
  const rita = await newUser(page.request, token);
  const { link } = await waitForMailLink(rita.email, '/verify-account', { baseURL: baseURL! });

  const answer = answerOf(page, '/api/auth/verifyToken');
  await page.goto(link);
  const verified = await answer;
  expect(verified.status).toBe(200);
  await expect(page.getByRole('heading', { name: 'Verify account' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(verified.message || messages.accountVerified);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);

  // The account is marked verified.
  const detail = await page.request.get(`/api/users/${rita.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await detail.json()) as { body: { emailVerified: boolean } }).body.emailVerified).toBe(true);

  await page.getByRole('link', { name: 'Go To Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to StrideAdmin' })).toBeVisible();
});

test('verify account: a bogus token shows the server message instead, then Go To Login', async ({ page }) => {
  const answer = answerOf(page, '/api/auth/verifyToken');
  await page.goto('/verify-account?token=not-a-real-token');
  const refused = await answer;
  expect(refused.status).toBe(400);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toHaveText(refused.message);
  await expect(main.getByText(messages.accountVerified)).toHaveCount(0);
  // Shown once, in the page: no toast repeating it.
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await page.getByRole('link', { name: 'Go To Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
