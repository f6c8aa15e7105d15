import { giftCardCsvColumns, limits, messages, type CsvDateOrder } from '@strideadmin/contract';
import { describe, expect, test, vi } from 'vitest';
import type { CsvWorkerRequest } from '../../../../src/features/gift-cards/bulk/csv.worker';
import { parseBulkCsvBytes, checkCsvFile } from '../../../../src/features/gift-cards/bulk/parse-bulk-csv';
import { prepareCsvWorker, readCsvFile } from '../../../../src/features/gift-cards/bulk/read-csv-file';
import { expectConsole } from '../../../support/console';

const today = '2030-06-15';
const header = giftCardCsvColumns.map((c) => c.header).join(',');
const csv = (text: string, name = 'cards.csv') => new File([text], name, { type: 'text/csv' });

describe('reading a CSV file (the worker fallback: jsdom has no Worker)', () => {
  test('BOM, CRLF, quoted commas and quotes, empty rows dropped, dates normalised, rows validated', async () => {
    expect(typeof Worker).toBe('undefined');
    const text =
      '\uFEFF' +
      [
        header,
        'GC-1,CC-1,500,SEK,100,"Corner Shop, Ltd","Storgatan 1, ""Plan 2"", Stockholm",31/12/2031,60',
        ',,,,,,,,',
        '',
        'GC-2,CC-2,250,EUR,50,Cafe,Main Street,2001-01-01,30',
        '   ,  ,,,,,,,',
      ].join('\r\n') +
      '\r\n';
    const result = await readCsvFile(csv(text), { today });
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          id: 'row-1',
          serialNumber: 'GC-1',
          controlCode: 'CC-1',
          price: '500',
          currency: 'SEK',
          amount: '100',
          storeName: 'Corner Shop, Ltd',
          storeAddress: 'Storgatan 1, "Plan 2", Stockholm',
          validTill: '2031-12-31',
          validTillAsWritten: '31/12/2031',
          expiryDuration: '60',
          cardPicture: '',
          hasErrors: false,
          errors: [],
        },
        expect.objectContaining({ id: 'row-2', hasErrors: true, errors: [messages.csvValidTillPast] }),
      ],
    });
  });

  test('columns in any order and case; a file saved by Excel as Windows-1252 keeps its letters', async () => {
    const reordered = [
      'valid till',
      'SERIAL NUMBER',
      ...giftCardCsvColumns.slice(1, 7).map((c) => c.header),
      'Expiry Duration in Minutes',
    ];
    const line = ['2031-01-01', 'GC-1', 'CC-1', '5', 'SEK', '1', 'Åsa Café', 'Göteborg', '9'];
    const bytes = Uint8Array.from([...`${reordered.join(',')}\n${line.join(',')}\n`].map((c) => c.charCodeAt(0)));
    const result = parseBulkCsvBytes(bytes.buffer, today);
    expect(result.ok && result.rows[0]).toMatchObject({
      serialNumber: 'GC-1',
      validTill: '2031-01-01',
      storeName: 'Åsa Café',
      storeAddress: 'Göteborg',
      hasErrors: false,
    });
  });

  test('files that cannot be read give a message, never a throw', async () => {
    const read = async (content: BlobPart, name = 'x.csv') => {
      const r = await readCsvFile(new File([content], name), { today });
      return r.ok ? 'ok' : r.message;
    };
    expect(await read(`"${header}\nGC-1,CC-1,5,SEK\n`)).toBe(
      messages.csvMalformed + 'the header row (line 1) has an unmatched quote (").',
    );
    expect(await read('Serial Number,Control Code\nGC-1,CC-1\n')).toBe(
      messages.csvMissingColumns +
        'Coin Price, Currency, Amount, Store Name, Store Address, Valid Till, Expiry Duration in Minutes',
    );
    expect(await read(header.replaceAll(',', ';') + '\n')).toMatch(/semicolons/);
    expect(await read(`${header}\n,,,,,,,,\n`)).toBe(messages.csvEmpty);
    expect(await read('')).toBe(messages.csvEmpty);
    expect(await read(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe(
      messages.csvMalformed + 'it is not a text file.',
    );
    expect(await read(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0]))).toMatch(/workbook/);
  });

  test('the upload box refuses other files and files over 5MB before reading', () => {
    expect(checkCsvFile({ name: 'cards.CSV', size: 10 })).toBeNull();
    expect(checkCsvFile({ name: 'cards.xlsx', size: 10 })).toBe(messages.csvNotCsv);
    expect(checkCsvFile({ name: 'cards.csv', size: limits.csvMaxBytes + 1 })).toBe(messages.csvTooLarge);
  });
});

/** A stand-in Worker: `behaviour` decides whether it answers (running the real reader) or fails. */
function stubWorker(behaviour: 'answers' | 'fails to load' | 'fails at once') {
  const started: string[] = [];
  class FakeWorker extends EventTarget {
    constructor(url: URL) {
      super();
      started.push(url.pathname);
      if (behaviour === 'fails at once')
        setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: 'blocked' })), 0);
    }
    postMessage(msg: CsvWorkerRequest) {
      if (behaviour !== 'answers') {
        setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: 'blocked' })), 0);
        return;
      }
      void msg.file.arrayBuffer().then((buf) => {
        this.dispatchEvent(new MessageEvent('message', { data: parseBulkCsvBytes(buf, msg.today, msg.dateOrder) }));
      });
    }
    terminate = vi.fn();
  }
  vi.stubGlobal('Worker', FakeWorker);
  return started;
}

describe('reading a CSV file in a worker', () => {
  test('the worker answers with the rows', async () => {
    const started = stubWorker('answers');
    const result = await readCsvFile(csv(`${header}\nGC-1,CC-1,5,SEK,1,Shop,Street,2031-01-01,9\n`), { today });
    expect(started).toEqual([expect.stringMatching(/csv\.worker\.ts$/)]);
    expect(result.ok && result.rows.map((r) => r.serialNumber)).toEqual(['GC-1']);
  });

  test("the worker reads dates in the server's order, and a stray quote costs only its row", async () => {
    stubWorker('answers');
    const text = `${header}\nGC-1,CC-1,5,SEK,1,Shop,Street,1/5/2031,9\nGC-2,"CC-2,5,SEK,1,Shop,Street,2031-01-01,9\n`;
    const read = async (dateOrder: CsvDateOrder) => {
      const result = await readCsvFile(csv(text), { today, dateOrder });
      if (!result.ok) throw new Error(result.message);
      return result.rows.map((r) => [r.validTill, r.validTillAsWritten, r.errors]);
    };
    expect(await read('MDY')).toEqual([
      ['2031-01-05', '1/5/2031', []],
      ['2031-01-01', undefined, [messages.csvUnmatchedQuote]],
    ]);
    expect((await read('DMY'))[0]).toEqual(['2031-05-01', '1/5/2031', []]);
  });

  test('a worker that cannot start: the same reading on the main thread, no hang', async () => {
    stubWorker('fails to load');
    expectConsole('warn', 'The CSV worker failed (blocked)');
    const result = await readCsvFile(csv(`${header}\nGC-1,CC-1,5,SEK,1,Shop,Street,2031-01-01,9\n`), { today });
    expect(result.ok && result.rows).toHaveLength(1);
  });

  test('a worker started ahead that could not load: the file is read on the main thread', async () => {
    const started = stubWorker('fails at once');
    const stop = prepareCsvWorker();
    expect(started).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 5)); // it fails while the admin picks a file
    expectConsole('warn', 'The CSV worker failed (it did not load)');
    const result = await readCsvFile(csv(`${header}\nGC-1,CC-1,5,SEK,1,Shop,Street,2031-01-01,9\n`), { today });
    expect(result.ok && result.rows).toHaveLength(1);
    // The prepared worker is used once; the next read starts its own.
    expect(started).toHaveLength(1);
    stop();
  });
});
