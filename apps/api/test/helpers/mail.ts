import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config.js';

/** A clock the app reads (buildTestApp's `now`), moved by the test instead of sleeping. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

/** The e-mails of the embedded outbox (DATA_DIR/mail), parsed, oldest first, once sending is done. */
export async function outbox(app: FastifyInstance, config: Config): Promise<ParsedMail[]> {
  await app.background.idle();
  if (config.mail.driver !== 'file') throw new Error('outbox() reads the file mailer only');
  const dir = config.mail.dir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))));
}

/** The addresses a message went to. */
export function recipients(mail: ParsedMail): string[] {
  const to: AddressObject[] = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** The e-mails of the outbox sent to `address`. */
export async function mailsTo(app: FastifyInstance, config: Config, address: string): Promise<ParsedMail[]> {
  return (await outbox(app, config)).filter((m) => recipients(m).includes(address.toLowerCase()));
}

/** The link of the plain-text part that leads to `page` (e.g. '/reset-password'); throws without one. */
export function linkTo(mail: ParsedMail, page: string): string {
  const links = (mail.text ?? '').match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((l) => new URL(l).pathname === page);
  if (!link) throw new Error(`no ${page} link in: ${mail.text ?? ''}`);
  return link;
}

/** The token of a link (?token=...), as the web page passes it on as temp_code. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
