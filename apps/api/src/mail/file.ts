import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { redactUrl } from '../plugins/logger.js';
import { linksOf, type MailLog, type Mailer, type MailMessage } from './mailer.js';

/**
 * The embedded outbox: each message is a real MIME message (built by nodemailer) written as
 * `<dir>/<ISO time>-<random>.eml`, and its recipient, the file and its links are logged, so that a
 * person running `npm start` finds it: the links with their tokens redacted (logs are read and
 * shipped by more people than the mailbox), the live ones in the file, readable by the owner only.
 */
export class FileMailer implements Mailer {
  readonly driver = 'file';
  // nodemailer is loaded with the first message, not at start-up (docs/decisions/0020-start-up.md).
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await this.transport).sendMail({ ...message, from: this.from });
    const raw = info.message as unknown;
    if (!Buffer.isBuffer(raw)) throw new Error('the MIME message was not buffered');
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Colons are not allowed in Windows file names; the name still sorts by time.
    const stamp = new Date().toISOString().replace(/:/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, raw, { mode: 0o600, flag: 'wx' });
    this.log.info(
      { to: message.to, subject: message.subject, links: linksOf(message.text).map(redactUrl), file },
      `e-mail to ${message.to} written to ${file} (open it for the links)`,
    );
  }

  async close(): Promise<void> {
    (await this.transport?.catch(() => undefined))?.close();
  }
}
