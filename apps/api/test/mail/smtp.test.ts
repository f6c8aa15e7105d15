import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@strideadmin/contract';
import { buildTestApp, createUser, linkTo, login, recipients, type TestApp, tokenOf } from '../helpers/index.js';

const publicUrl = 'https://portal.example.test';
const from = 'StrideAdmin Test <no-reply@walk.example>';

/** Waits (bounded) until `check` gives a value. */
async function waitFor<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('e-mail by SMTP (SMTP_URL)', () => {
  let server: SMTPServer;
  let t: TestApp;
  const received: Array<{ envelopeTo: string[]; mail: ParsedMail }> = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    t = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: from, PUBLIC_URL: publicUrl },
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('delivers the forgot-password e-mail, and its link resets the password', async () => {
    const walker = await createUser(t.db, { name: 'Simon Smtp' });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot_password',
      payload: { email: walker.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.forgotPasswordSent });

    const { envelopeTo, mail } = await waitFor(() => received.find((r) => r.envelopeTo.includes(walker.email)));
    expect(recipients(mail)).toEqual([walker.email]);
    expect(mail.from?.text).toBe('"StrideAdmin Test" <no-reply@walk.example>');
    expect(envelopeTo).toEqual([walker.email]);
    expect(mail.text).toContain('Hello Simon Smtp,');
    expect(mail.html).toContain('Hello Simon Smtp,');
    expect(mail.text).toContain('StrideAdmin, the administrator portal of the walking app');
    const link = linkTo(mail, '/reset-password');
    expect(link.startsWith(`${publicUrl}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset_password',
      payload: { password: 'delivered-by-smtp', temp_code: tokenOf(link) },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: messages.resetPasswordDone });
    expect((await login(t.app, { email: walker.email, password: 'delivered-by-smtp' })).statusCode).toBe(200);
  });
});
