// Sign-in limits (ASVS 5.0 6.3.1): failures count per client on each account and per client IP,
// reserved before the password is checked, so that neither a flood of guesses nor concurrent
// guesses get past the limits; and nobody but the guessing client is locked out: the owner signs
// in from another address at once, and is told by e-mail. The in-process store here; the same
// with Redis and two instances in brute-force.test.ts.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createUser, linkTo, mailsTo, outbox, recipients, type TestApp } from '../helpers/index.js';

type Body = { email: string; password: string; adminPortal?: boolean };

/** Behind one proxy (TRUST_PROXY = its address): the client's address is the hop the proxy appended. */
function signIn(t: TestApp, body: Body, ip: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body,
    remoteAddress: '10.0.0.2',
    headers: { 'x-forwarded-for': ip },
  });
}

const statuses = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

describe('sign-in limits: a flood of wrong passwords', () => {
  const windowSeconds = 900;
  let t: TestApp;

  beforeAll(async () => {
    // The default limits: 10 per client on an account, 10 per account, 50 per IP.
    t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.2' } });
  });
  afterAll(() => t?.close());

  it('does not lock the owner out: the right password from an address with no failures signs in at once', async () => {
    const owner = await createUser(t.db, { role: 'Admin' });
    const attacker = '203.0.113.66';
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push(await signIn(t, { email: owner.email, password: `guess-${i}`, adminPortal: true }, attacker));
    }
    expect(statuses(answers)).toEqual({ 400: 10, 429: 20 });
    const refused = answers.at(-1)!;
    expect(refused.headers['retry-after']).toBe(String(windowSeconds));
    expect(refused.json()).toEqual({ message: messages.tooManyRequests });
    // The attacker's address is refused even with the right password...
    const right = { email: owner.email, password: owner.password!, adminPortal: true };
    expect((await signIn(t, right, attacker)).statusCode).toBe(429);

    // ...the owner, from elsewhere, is not.
    const res = await signIn(t, right, '198.51.100.7');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.loginSuccess);
  });

  it('protects the account once it had many failures: one guess per new address, a known address keeps its allowance', async () => {
    const owner = await createUser(t.db, { role: 'Admin' });
    const right = { email: owner.email, password: owner.password!, adminPortal: true };
    const home = '198.51.100.20';
    expect((await signIn(t, right, home)).statusCode).toBe(200);

    // Ten addresses, one guess each: none reaches its own limit, the account reaches its own.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t, { ...right, password: 'guess' }, `203.0.113.${100 + i}`)).statusCode).toBe(400);
    }
    // Protected: an address with a failure on it gets nothing more checked, even the right password...
    expect((await signIn(t, right, '203.0.113.100')).statusCode).toBe(429);
    // ...a new address gets one check, then no more.
    const fresh = '203.0.113.200';
    expect((await signIn(t, { ...right, password: 'guess' }, fresh)).statusCode).toBe(400);
    expect((await signIn(t, { ...right, password: 'guess' }, fresh)).statusCode).toBe(429);
    expect((await signIn(t, right, fresh)).statusCode).toBe(429);

    // The owner's known address may still mistype, and then sign in.
    expect((await signIn(t, { ...right, password: 'typo' }, home)).statusCode).toBe(400);
    expect((await signIn(t, { ...right, password: 'typo' }, home)).statusCode).toBe(400);
    expect((await signIn(t, right, home)).statusCode).toBe(200);
    // And so may an address never seen, with the right password, first try.
    expect((await signIn(t, right, '198.51.100.21')).statusCode).toBe(200);
  });

  it('tells the owner by e-mail, once per window, when the account is protected', async () => {
    const owner = await createUser(t.db, { role: 'Admin', name: 'Olive Owner' });
    for (let i = 0; i < 9; i++) {
      expect((await signIn(t, { email: owner.email, password: 'guess' }, `192.0.2.${i + 1}`)).statusCode).toBe(400);
    }
    expect(await mailsTo(t.app, t.config, owner.email)).toEqual([]);

    // The 10th failure protects the account; the guesses after it send nothing more.
    for (let i = 9; i < 20; i++) await signIn(t, { email: owner.email, password: 'guess' }, `192.0.2.${i + 1}`);
    const mails = await mailsTo(t.app, t.config, owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Failed sign-ins on your StrideAdmin account');
    expect(mail!.text).toContain('Hello Olive Owner,');
    expect(mail!.text).toContain('your password was not changed');
    expect(mail!.html).toContain('your password was not changed');
    expect(linkTo(mail!, '/forgot-password')).toBe(`${t.config.publicUrl}/forgot-password`);

    // An unknown address is limited the same way, and nobody is written to.
    const before = (await outbox(t.app, t.config)).length;
    for (let i = 0; i < 12; i++)
      await signIn(t, { email: 'nobody@example.com', password: 'guess' }, `192.0.2.${i + 50}`);
    const after = await outbox(t.app, t.config);
    expect(after).toHaveLength(before);
    expect(after.flatMap(recipients)).not.toContain('nobody@example.com');
  });
});

describe('sign-in limits: concurrent guesses', () => {
  const perIp = 20;
  let t: TestApp;

  beforeAll(async () => {
    // 10 per client on an account (the default) is under the per-IP limit: it is the one that acts first.
    t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.2', LOGIN_MAX_FAILURES_PER_IP: String(perIp) } });
  });
  afterAll(() => t?.close());

  it('checks exactly the per-client limit of passwords when 30 arrive at once for one account', async () => {
    const owner = await createUser(t.db, { role: 'Admin' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(t, { email: owner.email, password: `guess-${i}` }, '203.0.113.9')),
    );
    expect(statuses(answers)).toEqual({ 400: 10, 429: 20 });
  });

  it('checks exactly the per-IP limit of passwords when one address sprays many accounts at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: perIp + 12 }, (_, i) =>
        signIn(t, { email: `spray-${i}@example.com`, password: 'guess' }, '203.0.113.10'),
      ),
    );
    expect(statuses(answers)).toEqual({ 400: perIp, 429: 12 });
  });
});
