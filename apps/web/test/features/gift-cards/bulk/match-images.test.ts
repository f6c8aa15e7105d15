import { giftCardCsvColumns, messages } from '@strideadmin/contract';
import { describe, expect, test } from 'vitest';
import { bulkReducer, emptyBulkState } from '../../../../src/features/gift-cards/bulk/bulk-rows';
import { imageKey, matchImagesToRows } from '../../../../src/features/gift-cards/bulk/match-images';
import { parseBulkCsvText } from '../../../../src/features/gift-cards/bulk/parse-bulk-csv';

const header = giftCardCsvColumns.map((c) => c.header).join(',');
function rows(...lines: string[]) {
  const result = parseBulkCsvText([header, ...lines].join('\n'), '2030-01-01');
  if (!result.ok) throw new Error(result.message);
  return bulkReducer(emptyBulkState, { type: 'loaded', rows: result.rows, dateOrder: 'DMY' }).rows;
}
const png = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('images matched to rows by file name = serial number', () => {
  test('the key is the file name without its extension, trimmed, in lower case', () => {
    expect(imageKey('GC-0001.PNG')).toBe('gc-0001');
    expect(imageKey(' Card 7 .jpeg')).toBe('card 7');
    expect(imageKey('v1.2.gif')).toBe('v1.2');
    expect(imageKey('noext')).toBe('noext');
  });

  test('matches case-insensitively and reports what did not match, and why', () => {
    const table = rows(
      'GC-1,CC-1,500,SEK,100,Shop,Street,2031-01-01,60',
      'gc-2,CC-2,500,SEK,100,Shop,Street,2031-01-01,60',
      'GC-3,CC-3,cheap,SEK,100,Shop,Street,2031-01-01,60',
    );
    const a = png('gc-1.png');
    const b = png('GC-2.JPG');
    const again = png('GC-2.gif');
    const stranger = png('GC-99.png');
    const broken = png('GC-3.png');
    const text = new File(['hi'], 'GC-1.txt', { type: 'text/plain' });
    const report = matchImagesToRows([a, b, again, stranger, broken], table);
    expect(report.matches).toEqual([
      { file: a, rowId: 'row-1' },
      { file: b, rowId: 'row-2' },
    ]);
    expect(report.duplicates).toEqual([again]);
    expect(report.unmatched).toEqual([stranger]);
    expect(report.rowHasErrors).toEqual([broken]);

    const second = matchImagesToRows([text], table);
    expect(second.invalid).toEqual([{ file: text, message: messages.uploadTypeNotAllowed }]);
    expect(second.matches).toEqual([]);
  });
});
