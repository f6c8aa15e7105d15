import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The OpenAPI answer of a list's export (GET /<list>/export). */
export const csvFileResponse = {
  description: 'The CSV file, as an attachment (UTF-8 with a BOM, a header row, CRLF line ends)',
  content: { 'text/csv': { schema: z.string() } },
} as const;

/**
 * Answers a list's export (db/csv-export.ts): the stream as an attachment named `filename`. Fastify
 * pipes it with backpressure, and destroys it when the client goes away before the end.
 */
export async function sendCsv(
  reply: FastifyReply,
  download: Promise<{ filename: string; stream: Readable }>,
): Promise<FastifyReply> {
  const csv = await download;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .header('cache-control', 'no-store')
    .send(csv.stream);
}
