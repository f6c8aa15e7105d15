import type { Transporter } from 'nodemailer';
import type { MailLog, Mailer, MailMessage } from './mailer.js';

/** SMTP_URL set: e-mail goes to that server (smtp://user:pass@host:587, smtps://... for TLS). */
export class SmtpMailer implements Mailer {
  readonly driver = 'smtp';
  // nodemailer is loaded with the first message, not at start-up (docs/decisions/0020-start-up.md).
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly url: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.url));
    const info = await (await this.transport).sendMail({ ...message, from: this.from });
    // Never the body: it carries a live link.
    this.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent by SMTP');
  }

  async close(): Promise<void> {
    (await this.transport?.catch(() => undefined))?.close();
  }
}
