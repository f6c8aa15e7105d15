import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type AddressObject } from 'mailparser';

/**
 * The e-mails the e2e server wrote: with no SMTP_URL it writes each one as a MIME .eml file under
 * DATA_DIR/mail (support/serve.ts runs it with DATA_DIR = E2E_DATA_DIR), named so they sort by time.
 */
export interface Mail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The http(s) links of the plain-text part, in order. */
  links: string[];
}

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'mail');
}

function addresses(to: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(to) ? to : to ? [to] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** Every e-mail to `address`, oldest first (quoted-printable and base64 parts decoded). */
export async function mailsTo(address: string): Promise<Mail[]> {
  let files: string[];
  try {
    files = (await readdir(mailDir())).filter((f) => f.endsWith('.eml')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const wanted = address.toLowerCase();
  const mails: Mail[] = [];
  for (const file of files) {
    const parsed = await simpleParser(await readFile(path.join(mailDir(), file)));
    const to = addresses(parsed.to);
    if (!to.includes(wanted)) continue;
    const text = parsed.text ?? '';
    mails.push({
      file,
      to,
      subject: parsed.subject ?? '',
      text,
      html: typeof parsed.html === 'string' ? parsed.html : '',
      links: [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
    });
  }
  return mails;
}

/** The names of the e-mails to `address` so far: pass them to `waitForMailLink` as `after`. */
export async function mailFilesTo(address: string): Promise<string[]> {
  return (await mailsTo(address)).map((m) => m.file);
}

/**
 * Waits for the newest e-mail to `address` (not among `after`) holding a link to `pathname`, and
 * returns that mail and the link. The link must point at the configured PUBLIC_URL (`baseURL`).
 */
export async function waitForMailLink(
  address: string,
  pathname: string,
  opts: { baseURL: string; after?: string[]; timeoutMs?: number },
): Promise<{ mail: Mail; link: string }> {
  const seen = new Set(opts.after ?? []);
  let found: { mail: Mail; link: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).filter((m) => !seen.has(m.file)).reverse();
        for (const mail of mails) {
          const link = mail.links.find((l) => new URL(l).pathname === pathname);
          if (link) {
            found = { mail, link };
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${address} with a ${pathname} link`, timeout: opts.timeoutMs ?? 10_000 },
    )
    .toBe(true);
  const result = found!;
  expect(new URL(result.link).origin, 'links point at PUBLIC_URL').toBe(new URL(opts.baseURL).origin);
  return result;
}
