import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { composeMail, createMailer, FileMailer, SmtpMailer } from '../../src/mail/index.js';

describe('FileMailer (the embedded outbox)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'strideadmin-mail-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a real MIME message with both parts, and logs the recipient, the file and the links without their tokens', async () => {
    const logged: Array<{ obj: object; msg: string }> = [];
    const mailer = new FileMailer(path.join(dir, 'mail'), 'StrideAdmin <no-reply@walk.example>', {
      info: (obj, msg) => logged.push({ obj, msg }),
    });
    const message = composeMail({
      to: 'someone@example.com',
      name: 'Eve <script>alert(1)</script> & "Co"',
      subject: 'Hello',
      paragraphs: ['A paragraph with <tags> & ampersands.'],
      links: [{ label: 'Open', url: 'https://portal.example.test/reset-password?token=abc123secret&x=1' }],
      reason: 'a test asked for it',
    });

    await mailer.send(message);
    await mailer.close();

    const files = await readdir(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const file = path.join(dir, 'mail', files[0]!);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o077).toBe(0);
    const mail = await simpleParser(await readFile(file));
    expect(mail.from?.value[0]).toEqual({ address: 'no-reply@walk.example', name: 'StrideAdmin' });
    expect(mail.subject).toBe('Hello');
    expect(mail.text).toContain('Hello Eve <script>alert(1)</script> & "Co",');
    expect(mail.text).toContain('This message was sent by StrideAdmin, the administrator portal of the walking app');
    expect(mail.text).toContain('because a test asked for it.');
    // User-provided text never becomes markup.
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('A paragraph with &lt;tags&gt; &amp; ampersands.');
    // The live link is in the file (readable by its owner only)...
    expect(mail.html).toContain('href="https://portal.example.test/reset-password?token=abc123secret&amp;x=1"');
    expect(mail.text).toContain('https://portal.example.test/reset-password?token=abc123secret&x=1');
    expect(logged).toHaveLength(1);
    expect(logged[0]!.obj).toMatchObject({
      to: 'someone@example.com',
      links: ['https://portal.example.test/reset-password?token=[redacted]&x=1'],
      file,
    });
    // ... and never in the log, which names the file to open instead.
    expect(logged[0]!.msg).toContain(file);
    expect(JSON.stringify(logged)).not.toContain('abc123secret');
  });
});

describe('createMailer', () => {
  const log = { info: () => {} };

  it('writes files under DATA_DIR/mail by default, with the default sender', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/strideadmin-x' });
    expect(config.mail).toEqual({
      driver: 'file',
      dir: path.resolve('/tmp/strideadmin-x/mail'),
      from: 'StrideAdmin <no-reply@localhost>',
    });
    const mailer = createMailer(config.mail, log);
    expect(mailer).toBeInstanceOf(FileMailer);
    await mailer.close();
  });

  it('sends by SMTP when SMTP_URL is set', async () => {
    const config = loadConfig({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'Walk <hi@walk.example>' });
    expect(config.mail).toEqual({ driver: 'smtp', url: 'smtp://mail.example.com:587', from: 'Walk <hi@walk.example>' });
    const mailer = createMailer(config.mail, log);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.close();
  });

  it('refuses an SMTP_URL that is not smtp(s)://', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });
});
