import nodemailer, { type Transporter } from 'nodemailer';
import type { MailLog, Mailer, MailMessage } from './mailer.js';

/** SMTP_URL set: e-mail goes to that server (smtp://user:pass@host:587, smtps://... for TLS). */
export class SmtpMailer implements Mailer {
  readonly driver = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly log: MailLog,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ ...message, from: this.from });
    // Never the body: it carries a live link.
    this.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'e-mail sent by SMTP');
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
