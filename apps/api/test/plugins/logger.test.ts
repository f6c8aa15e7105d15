import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { redactUrl } from '../../src/plugins/logger.js';
import {
  buildTestApp,
  createUser,
  type EnvOverrides,
  linkTo,
  loginAs,
  mailsTo,
  type TestApp,
  tokenOf,
} from '../helpers/index.js';
import { images } from '../storage/images.js';
import { putTo, uploadUrl } from '../modules/uploads/upload-helpers.js';

/** A route failing the way a call to another service does: its error quotes the URL it called. */
function upstreamRoute(app: FastifyInstance) {
  app.get('/api/test-upstream', async () => {
    throw new Error('request to https://upstream.example/v1/thing?api_key=upstreamKey42 failed: ECONNRESET');
  });
}

/** What the app's logger wrote, line by line (a stream as stdout would be). */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): string[] {
    return this.text.split('\n').filter((l) => l.trim() !== '');
  }
}

const publicUrl = 'https://portal.example.test';
const querySecret = 'abc123secret';

/**
 * Requests whose URLs carry credentials, as clients really send them: a token in a query string, a
 * reset link opened in the portal, a forgot-password e-mail written by the file mailer (its log line
 * names the links), an upload PUT with its signature, and a malformed path that Fastify's own error
 * quotes. Answers every secret they carried, to look for in the log.
 */
async function driveSecretRequests(t: TestApp): Promise<string[]> {
  const secrets = [querySecret, 'Xyz987TopSecret', 'AKIDEXAMPLE9876', 'sigsecret555', 'upstreamKey42'];
  expect((await t.app.inject({ method: 'GET', url: `/api/health?token=${querySecret}` })).statusCode).toBe(200);
  await t.app.inject({ method: 'GET', url: `/api/no-such-call?code=${secrets[1]}&x=1` });
  await t.app.inject({
    method: 'GET',
    url: `/uploads/gift_card_images/a.png?X-Amz-Credential=${secrets[2]}%2F20260101&X-Amz-Signature=${secrets[3]}`,
  });
  // Not valid percent-encoding: answered by frameworkErrors.
  await t.app.inject({ method: 'GET', url: `/api/%zz?password=${querySecret}` });
  // A failure whose error message quotes a URL (as fetch and SDK errors do): logged with its stack.
  expect((await t.app.inject({ method: 'GET', url: '/api/test-upstream' })).statusCode).toBe(500);

  // Forgot password: the reset link's token, and the page it opens with that token in the URL.
  const user = await createUser(t.db);
  const forgot = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot_password',
    payload: { email: user.email },
  });
  expect(forgot.statusCode).toBe(200);
  const [mail] = await mailsTo(t.app, t.config, user.email);
  const resetToken = tokenOf(linkTo(mail!, '/reset-password'));
  secrets.push(resetToken);
  await t.app.inject({ method: 'GET', url: `/reset-password?token=${encodeURIComponent(resetToken)}` });
  // The same link with its parameter name percent-encoded (as a link rewriter may pass it on): the
  // portal's page still reads a token there.
  await t.app.inject({ method: 'GET', url: `/reset-password?%74oken=${encodeURIComponent(resetToken)}` });

  // An invitation: its verify and set-password links, the verify page opened, the token posted.
  const invitee = `invitee-${Date.now()}@example.com`;
  const admin = await loginAs(t, 'Admin');
  // A signed-in call: its bearer token and a cookie are never in the log.
  secrets.push(String(admin.headers.authorization).replace(/^Bearer /, ''), 'cookieSecret31337');
  expect(
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: { ...admin.headers, cookie: 'sid=cookieSecret31337' },
      })
    ).statusCode,
  ).toBe(200);
  const invite = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin.headers,
    payload: { name: 'Invited Walker', email: invitee, role: 'User' },
  });
  expect(invite.statusCode).toBe(200);
  const [invitation] = await mailsTo(t.app, t.config, invitee);
  const verifyToken = tokenOf(linkTo(invitation!, '/verify-account'));
  secrets.push(verifyToken, tokenOf(linkTo(invitation!, '/reset-password')));
  await t.app.inject({ method: 'GET', url: `/verify-account?token=${encodeURIComponent(verifyToken)}` });
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/auth/verifyToken', payload: { temp_code: verifyToken } }))
      .statusCode,
  ).toBe(200);

  // An upload: the signed URL's PUT (and a replay of it, refused).
  const url = await uploadUrl(t, admin, 'image/png');
  const sig = new URL(url).searchParams.get('sig')!;
  expect(sig.length).toBeGreaterThan(10);
  secrets.push(sig);
  expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(200);
  expect((await putTo(t, url, images['image/png'], 'image/png')).statusCode).toBe(409);
  await t.app.background.idle();
  return secrets;
}

function expectNoSecret(lines: string[], secrets: string[]) {
  for (const secret of secrets) {
    const leaks = lines.filter((l) => l.includes(secret));
    expect(leaks, `"${secret}" in the log`).toEqual([]);
  }
}

describe('logs (LOG_FORMAT=json)', () => {
  let t: TestApp;
  let web: string;
  const log = new LogCapture();
  let secrets: string[];

  beforeAll(async () => {
    // A built portal, so that a reset link opened in the browser reaches the page.
    web = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-web-'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>portal</title>');
    t = await buildTestApp({
      env: { LOG_FORMAT: 'json', LOG_LEVEL: 'info', PUBLIC_URL: publicUrl, WEB_DIST_DIR: web },
      logStream: log,
      setup: upstreamRoute,
    });
    secrets = await driveSecretRequests(t);
  });
  afterAll(async () => {
    await t?.close();
    await rm(web, { recursive: true, force: true });
  });

  it('writes one JSON object a line, with request ids', () => {
    const lines = log.lines();
    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; reqId?: string });
    expect(entries.some((e) => e.msg === 'incoming request' && typeof e.reqId === 'string')).toBe(true);
    expect(entries.some((e) => e.msg === 'request completed')).toBe(true);
  });

  it('never writes a token, code, password or signature of a URL: they read [redacted]', () => {
    const lines = log.lines();
    expectNoSecret(lines, secrets);
    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((e) => (e.req ? [e.req.url] : []));
    expect(urls).toContain('/api/health?token=[redacted]');
    expect(urls).toContain('/api/no-such-call?code=[redacted]&x=1');
    expect(urls).toContain('/reset-password?token=[redacted]');
    expect(urls).toContain('/reset-password?%74oken=[redacted]');
    expect(urls).toContain('/verify-account?token=[redacted]');
    expect(urls.some((u) => /^\/uploads\/gift_card_images\/.+\?.*sig=\[redacted\]/.test(u))).toBe(true);
    expect(urls).toContain('/uploads/gift_card_images/a.png?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]');
    // The failed call's error, message and stack, is in the log: with its URL's key redacted.
    expect(lines.some((l) => l.includes('upstream.example/v1/thing?api_key=[redacted] failed'))).toBe(true);
  });

  it("logs the file mailer's .eml path and its links with their tokens redacted", () => {
    const entries = log.lines().map((l) => JSON.parse(l) as { msg: string; file?: string; links?: string[] });
    const mailLine = entries.find((e) => e.msg.startsWith('e-mail to '));
    expect(mailLine?.file).toMatch(
      new RegExp(`^${t.config.mail.driver === 'file' ? t.config.mail.dir : ''}/.+\\.eml$`),
    );
    expect(mailLine?.msg).toContain(mailLine!.file!);
    expect(mailLine?.links).toEqual([`${publicUrl}/reset-password?token=[redacted]`]);
    const inviteLine = entries.find((e) => e.msg.startsWith('e-mail to invitee-'));
    expect(inviteLine?.links).toEqual([
      `${publicUrl}/verify-account?token=[redacted]`,
      `${publicUrl}/reset-password?token=[redacted]`,
    ]);
  });
});

describe('logs (LOG_FORMAT=pretty)', () => {
  let t: TestApp;
  const log = new LogCapture();
  let secrets: string[];

  beforeAll(async () => {
    t = await buildTestApp({
      env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'info', PUBLIC_URL: publicUrl },
      logStream: log,
      setup: upstreamRoute,
    });
    secrets = await driveSecretRequests(t);
  });
  afterAll(() => t?.close());

  it('writes human lines (time, level, message), not JSON', () => {
    const lines = log.lines();
    expect(lines.length).toBeGreaterThan(10);
    const starts = lines.filter((l) => /^\[\d\d:\d\d:\d\d\.\d{3}\] (INFO|WARN|ERROR)/.test(l));
    expect(starts.some((l) => l.includes('incoming request'))).toBe(true);
    // No line is a JSON record (pino-pretty spreads an entry's fields over indented lines).
    const records = lines.filter((l) => {
      try {
        return typeof JSON.parse(l) === 'object';
      } catch {
        return false;
      }
    });
    expect(records).toEqual([]);
    expect(log.text).not.toMatch(/"pid"|"hostname"/);
    expect(log.text).not.toContain('\u001b['); // no colour codes into a stream that is not a terminal
  });

  it('never writes a secret of a URL either', () => {
    expectNoSecret(log.lines(), secrets);
    expect(log.text).toContain('/api/health?token=[redacted]');
  });
});

describe('LOG_LEVEL', () => {
  const requestLines = async (env: EnvOverrides) => {
    const log = new LogCapture();
    const t = await buildTestApp({ env: { LOG_FORMAT: 'json', ...env }, logStream: log });
    try {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      await t.app.inject({ method: 'GET', url: '/api/%zz' });
      return log.lines().map((l) => (JSON.parse(l) as { msg: string }).msg);
    } finally {
      await t.close();
    }
  };

  it('still picks what is written: warn leaves out the request lines that info writes', async () => {
    expect(await requestLines({ LOG_LEVEL: 'info' })).toContain('incoming request');
    const warn = await requestLines({ LOG_LEVEL: 'warn' });
    expect(warn).not.toContain('incoming request');
    expect(warn).not.toContain('request completed');
  });
});

describe('LOG_FORMAT configuration', () => {
  it('defaults to pretty on a terminal and to json elsewhere', () => {
    expect(loadConfig({}, { stdoutIsTty: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { stdoutIsTty: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { stdoutIsTty: false }).logFormat).toBe('pretty');
  });

  it('refuses anything else, naming LOG_FORMAT', () => {
    for (const value of ['xml', 'JSON ', 'text']) {
      expect(() => loadConfig({ LOG_FORMAT: value })).toThrow(/LOG_FORMAT: must be pretty or json/);
    }
  });
});

describe('redactUrl', () => {
  it('redacts every secret-named query parameter and URL password, and leaves the rest', () => {
    expect(redactUrl('/reset-password?token=abc.def-ghi&lang=sv')).toBe('/reset-password?token=[redacted]&lang=sv');
    expect(redactUrl('https://x.test/verify-account?token=abc#top')).toBe(
      'https://x.test/verify-account?token=[redacted]#top',
    );
    expect(redactUrl('/uploads/a.png?expires=1&type=image%2Fpng&sig=s1')).toBe(
      '/uploads/a.png?expires=1&type=image%2Fpng&sig=[redacted]',
    );
    expect(
      redactUrl(
        'https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKID%2F1&X-Amz-Security-Token=t&X-Amz-Signature=ff',
      ),
    ).toBe(
      'https://b.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[redacted]&X-Amz-Security-Token=[redacted]&X-Amz-Signature=[redacted]',
    );
    expect(redactUrl('/cb?code=1&state=2&password=p&client_secret=s&api_key=k&access_token=a')).toBe(
      '/cb?code=[redacted]&state=2&password=[redacted]&client_secret=[redacted]&api_key=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('redis://:pw0rd@cache:6379/0 and smtps://me:s3cr3t@mail.example.com:465')).toBe(
      'redis://:[redacted]@cache:6379/0 and smtps://me:[redacted]@mail.example.com:465',
    );
    // Inside a JSON line: the value ends at the quote.
    expect(redactUrl('{"url":"/api/health?token=abc","x":1}')).toBe('{"url":"/api/health?token=[redacted]","x":1}');
    expect(redactUrl('/api/users?page=2&name=son&sort=name')).toBe('/api/users?page=2&name=son&sort=name');
    // A percent-encoded name is still the name it decodes to; a malformed one is read as it is.
    expect(redactUrl('/reset-password?%74oken=abc&%zz=1')).toBe('/reset-password?%74oken=[redacted]&%zz=1');
  });

  it('finds a secret name in any letter case, within a longer name, or after other parameters', () => {
    expect(redactUrl('/x?a=1&SessionId=s&apiKey=k&KEY=v&x.passwd-old=p')).toBe(
      '/x?a=1&SessionId=[redacted]&apiKey=[redacted]&KEY=[redacted]&x.passwd-old=[redacted]',
    );
    expect(redactUrl('/x?page=1&%73ig=s&limit=20')).toBe('/x?page=1&%73ig=[redacted]&limit=20');
    // Names that only look alike stay: "signal" is neither sig nor signature, "keys" is not key.
    expect(redactUrl('/x?signal=1&keys=2&monkey_business=3')).toBe('/x?signal=1&keys=2&monkey_business=3');
    const line =
      '{"reqId":"r1","req":{"method":"GET","url":"/api/app/notifications?page=1&limit=20"},"msg":"incoming request"}';
    expect(redactUrl(line)).toBe(line);
    expect(redactUrl('see mailto:someone@example.com?subject=hi')).toBe('see mailto:someone@example.com?subject=hi');
  });
});
