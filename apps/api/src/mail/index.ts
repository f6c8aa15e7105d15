import type { MailConfig } from '../config.js';
import { FileMailer } from './file.js';
import type { MailLog, Mailer } from './mailer.js';
import { SmtpMailer } from './smtp.js';

export { composeMail, escapeHtml, type MailContent } from './compose.js';
export { FileMailer } from './file.js';
export { linksOf, type MailLog, type Mailer, type MailMessage } from './mailer.js';
export { SmtpMailer } from './smtp.js';

export function createMailer(config: MailConfig, log: MailLog): Mailer {
  return config.driver === 'smtp'
    ? new SmtpMailer(config.url, config.from, log)
    : new FileMailer(config.dir, config.from, log);
}
