import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import {
  buildTestApp,
  createUser,
  linkTo,
  mailsTo,
  outbox,
  recipients,
  type TestApp,
  tokenOf,
} from '../../helpers/index.js';

const publicUrl = 'https://portal.example.test';

describe('POST /api/auth/forgot_password', () => {
  let t: TestApp;
  let ipSequence = 0;
  /** Each test from its own address, so that the per-IP limit of one never touches another. */
  const nextIp = () => `203.0.113.${++ipSequence}`;

  const forgot = (payload: object, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload, remoteAddress, headers });

  beforeAll(async () => {
    t = await buildTestApp({
      env: { PUBLIC_URL: publicUrl, FORGOT_MAX_PER_ACCOUNT: '3', FORGOT_MAX_PER_IP: '5' },
    });
  });
  afterAll(() => t?.close());

  it('answers a known and an unknown address alike; only the known one gets an e-mail', async () => {
    const walker = await createUser(t.db, { name: 'Wanda Walker' });
    const before = (await outbox(t.app, t.config)).length;

    const known = await forgot({ email: walker.email });
    const unknown = await forgot({ email: 'nobody-here@example.com' });

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(known.json()).toEqual({ message: messages.forgotPasswordSent });
    expect(unknown.json()).toEqual(known.json());
    const mails = await outbox(t.app, t.config);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(recipients(mail)).toEqual([walker.email]);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain('StrideAdmin, the administrator portal of the walking app');
    expect(mail.html).toContain('Wanda Walker');
    const link = linkTo(mail, '/reset-password');
    expect(link.startsWith(`${publicUrl}/reset-password?token=`)).toBe(true);
    // 32 random bytes in base64url.
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('builds the link from PUBLIC_URL, never from the Host header', async () => {
    const walker = await createUser(t.db);

    await forgot({ email: walker.email }, nextIp(), { host: 'evil.example', 'x-forwarded-host': 'evil.example' });

    const [mail] = await mailsTo(t.app, t.config, walker.email);
    expect(linkTo(mail!, '/reset-password').startsWith(`${publicUrl}/`)).toBe(true);
    expect(`${mail!.text} ${String(mail!.html)}`).not.toContain('evil.example');
  });

  it('finds the account whatever the case of the address, and writes to the stored address', async () => {
    const walker = await createUser(t.db);

    const res = await forgot({ email: `  ${walker.email.toUpperCase()} ` });

    expect(res.statusCode).toBe(200);
    expect(await mailsTo(t.app, t.config, walker.email)).toHaveLength(1);
  });

  it('sends nothing to an inactive account, and answers the same', async () => {
    const resting = await createUser(t.db, { isActive: false });

    const res = await forgot({ email: resting.email });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.forgotPasswordSent });
    expect(await mailsTo(t.app, t.config, resting.email)).toHaveLength(0);
  });

  it('limits requests per address (every request counts), with retry-after', async () => {
    const walker = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect((await forgot({ email: walker.email })).statusCode).toBe(200);

    const res = await forgot({ email: walker.email });

    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: messages.tooManyRequests });
    expect(res.headers['retry-after']).toBe('900');
    expect(await mailsTo(t.app, t.config, walker.email)).toHaveLength(3);
  });

  it('limits requests per IP, across addresses', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await forgot({ email: `spray${i}@example.com` }, ip)).statusCode).toBe(200);
    }

    const res = await forgot({ email: 'spray-last@example.com' }, ip);

    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: messages.tooManyRequests });
    expect((await forgot({ email: 'spray-last@example.com' }, nextIp())).statusCode).toBe(200);
  });

  describe('validation, with the contract messages', () => {
    const cases: Array<[string, object, string]> = [
      ['email missing', {}, messages.emailRequired],
      ['email empty', { email: '' }, messages.emailRequired],
      ['email blank', { email: '   ' }, messages.emailRequired],
      ['email invalid', { email: 'not-an-email' }, messages.emailInvalidForgot],
      ['email too long', { email: `${'a'.repeat(250)}@example.com` }, messages.emailInvalidForgot],
    ];
    it.each(cases)('%s', async (_name, payload, message) => {
      const res = await forgot(payload);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message });
    });
  });
});
