/** One e-mail: a plain-text and an HTML part, to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail: the outbox directory (embedded default) or an SMTP server, behind one interface. */
export interface Mailer {
  readonly driver: 'file' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** What a mailer logs with (Fastify's pino logger fits). */
export interface MailLog {
  info(obj: object, msg: string): void;
}

/** The http(s) links of a text, in order (what a person running the server needs to follow). */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
