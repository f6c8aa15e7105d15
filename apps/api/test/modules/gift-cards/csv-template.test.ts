import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvToBulkRows, giftCardCsvColumns, giftCardCsvExample, giftCardCsvTemplate } from '@strideadmin/contract';
import { buildTestApp, type TestApp } from '../../helpers/index.js';

describe('GET /api/giftcard/csv-template', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('downloads the template without a token: a CSV attachment of the header row and one example row', async () => {
    const res = await t.app.inject({ url: '/api/giftcard/csv-template' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gift-cards-template.csv"');
    expect(res.body).toBe(giftCardCsvTemplate());
    const [header, example, end] = res.body.split('\r\n');
    expect(header).toBe(
      'Serial Number,Control Code,Coin Price,Currency,Amount,Store Name,Store Address,Valid Till,Expiry Duration in Minutes',
    );
    expect(example).toBe('GC-0001,CTRL-0001,500,SEK,100,corner shop,"storgatan 1, stockholm",2030-12-31,1440');
    expect(end).toBe('');
  });

  it('reads back, with the portal own parser, as the example row under every docs/behaviour.md §3 column', async () => {
    const res = await t.app.inject({ url: '/api/giftcard/csv-template' });

    expect(csvToBulkRows(res.body)).toEqual([{ ...giftCardCsvExample, cardPicture: '' }]);
    expect(giftCardCsvColumns.map((c) => c.header).join(',')).toBe(res.body.split('\r\n')[0]);
  });

  it('is not taken for a card id by GET /giftcard/:id', async () => {
    // A static segment wins over /giftcard/:id (which would answer 401 without a token, or 400).
    const res = await t.app.inject({ url: '/api/giftcard/csv-template?download=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const card = await t.app.inject({ url: '/api/giftcard/csv-templates' });
    expect(card.statusCode).toBe(401);
  });
});
