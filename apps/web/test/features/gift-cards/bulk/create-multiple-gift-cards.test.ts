import { messages } from '@strideadmin/contract';
import { describe, expect, test } from 'vitest';
import {
  chunkRows,
  createGiftCardsInChunks,
  type BulkRowPayload,
} from '../../../../src/features/gift-cards/api/create-multiple-gift-cards';
import { ApiError } from '../../../../src/lib/api-client';
import { jsonResponse, stubFetch } from '../../../support/fixtures';

const payload = (n: number): BulkRowPayload => ({
  id: `row-${n}`,
  serialNumber: `GC-${n}`,
  controlCode: `CC-${n}`,
  price: '5',
  currency: 'SEK',
  amount: '1',
  storeName: 'Shop',
  storeAddress: 'Street',
  validTill: '2031-01-01',
  expiryDuration: '9',
  cardPicture: `http://x.test/${n}.png`,
});
const many = (count: number) => Array.from({ length: count }, (_, i) => payload(i + 1));
const ids = (rows: { id?: unknown }[]) => rows.map((r) => r.id);

describe('POST /multiplegiftcard in slices', () => {
  test('slices hold at most maxRows rows and maxBytes of JSON, in order', () => {
    expect(chunkRows(many(5), { maxRows: 2, maxBytes: 1e6 }).map(ids)).toEqual([
      ['row-1', 'row-2'],
      ['row-3', 'row-4'],
      ['row-5'],
    ]);
    const size = JSON.stringify(payload(1)).length + 1;
    expect(chunkRows(many(3), { maxRows: 100, maxBytes: size * 2 + 2 }).map((c) => c.length)).toEqual([2, 1]);
    // A row bigger than a slice still travels, alone.
    expect(chunkRows(many(2), { maxRows: 100, maxBytes: 10 }).map((c) => c.length)).toEqual([1, 1]);
    expect(chunkRows([])).toEqual([]);
  });

  test('all slices answered 200: every row created, progress reported in rows', async () => {
    const api = stubFetch(() => jsonResponse(200, { message: messages.giftCardsCreated, body: [] }));
    const progress: string[] = [];
    const outcome = await createGiftCardsInChunks(many(3000), (d, t) => progress.push(`${d}/${t}`));
    expect(
      api.seen.map((r) => [r.method, r.url.pathname, (r.body as { giftCards: unknown[] }).giftCards.length]),
    ).toEqual([
      ['POST', '/api/multiplegiftcard', 2500],
      ['POST', '/api/multiplegiftcard', 500],
    ]);
    expect(progress).toEqual(['0/3000', '2500/3000', '3000/3000']);
    expect(outcome).toMatchObject({
      allCreated: true,
      created: 3000,
      failed: [],
      error: null,
      message: messages.giftCardsCreated,
    });
  });

  test('a 201 answer: the failed rows come back with their errors; the rest were created', async () => {
    stubFetch((req) => {
      const rows = (req.body as { giftCards: BulkRowPayload[] }).giftCards;
      const bad = rows.filter((r) => r.id === 'row-2');
      return bad.length
        ? jsonResponse(201, {
            message: messages.giftCardsPartlyCreated,
            body: bad.map((r) => ({ ...r, hasErrors: true, errors: [messages.csvSerialUnique] })),
          })
        : jsonResponse(200, { message: messages.giftCardsCreated, body: [] });
    });
    const outcome = await createGiftCardsInChunks(many(3));
    expect(outcome).toMatchObject({ allCreated: false, created: 2, error: null, sentIds: ['row-1', 'row-2', 'row-3'] });
    expect(outcome.failed).toEqual([expect.objectContaining({ id: 'row-2', errors: [messages.csvSerialUnique] })]);
  });

  test('a slice refused outright stops there: what came before is reported as sent', async () => {
    let calls = 0;
    stubFetch(() =>
      ++calls === 1
        ? jsonResponse(200, { message: messages.giftCardsCreated, body: [] })
        : jsonResponse(500, { message: messages.internalError }),
    );
    const outcome = await createGiftCardsInChunks(many(2600));
    expect(calls).toBe(2);
    expect(outcome).toMatchObject({ allCreated: false, created: 2500 });
    expect(outcome.sentIds).toHaveLength(2500);
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect((outcome.error as ApiError).message).toBe(messages.internalError);
  });
});
