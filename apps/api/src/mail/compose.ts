import type { MailMessage } from './mailer.js';

const product = 'StrideAdmin';
const who = 'StrideAdmin, the administrator portal of the walking app';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailContent {
  to: string;
  subject: string;
  /** Used in the greeting; user-provided, so escaped in the HTML part. */
  name: string;
  /** Paragraphs before and after the links (plain text; escaped in the HTML part). */
  paragraphs: string[];
  links?: Array<{ label: string; url: string }>;
  after?: string[];
  /** Why this message was sent, for the footer ("because ..."). */
  reason: string;
}

/** One message in both parts, saying who sent it and why; every value is escaped in the HTML. */
export function composeMail(c: MailContent): MailMessage {
  const links = c.links ?? [];
  const after = c.after ?? [];
  const footer = `This message was sent by ${who}, because ${c.reason}.`;
  const text = [
    `Hello ${c.name},`,
    ...c.paragraphs,
    ...links.map((l) => `${l.label}:\n${l.url}`),
    ...after,
    `-- \n${footer}`,
  ].join('\n\n');
  const p = (s: string) => `<p>${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222">',
    `<h2 style="margin: 0 0 16px">${product}</h2>`,
    p(`Hello ${c.name},`),
    ...c.paragraphs.map(p),
    ...links.map(
      (l) =>
        `<p><a href="${escapeHtml(l.url)}" style="display: inline-block; padding: 10px 16px; background: #1a73e8; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(l.label)}</a><br><small>${escapeHtml(l.url)}</small></p>`,
    ),
    ...after.map(p),
    `<hr><p style="color: #666; font-size: 12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: c.to, subject: c.subject, text, html };
}
