import { giftCardCodeKey } from '@strideadmin/contract';
import { checkImageFile } from '../../../lib/upload';
import type { BulkImportRow } from './bulk-rows';

/**
 * Beyond the spec: many images dropped at once go to the rows whose serial number is the
 * image's file name without its extension (case-insensitive, trimmed): GC-0001.png → GC-0001.
 */

/** 'GC-0001.PNG' → 'gc-0001'. */
export function imageKey(fileName: string): string {
  return giftCardCodeKey(fileName.replace(/\.[^./\\]+$/, ''));
}

export interface ImageMatchReport {
  /** One upload per file, for the row it names. */
  matches: { file: File; rowId: string }[];
  /** No row has this serial number. */
  unmatched: File[];
  /** The row it names has errors: docs/behaviour.md §4, images go only to rows without errors. */
  rowHasErrors: File[];
  /** A second file for a row already matched (GC-1.png and GC-1.jpg): the first one wins. */
  duplicates: File[];
  /** Not a PNG, JPG or GIF, empty, or too large: with the reason. */
  invalid: { file: File; message: string }[];
}

export function matchImagesToRows(files: readonly File[], rows: readonly BulkImportRow[]): ImageMatchReport {
  const bySerial = new Map<string, BulkImportRow>();
  for (const row of rows) {
    const key = giftCardCodeKey(row.serialNumber);
    // Equal serials are both in error (uniqueness), so which one the map keeps does not matter.
    if (key && !bySerial.has(key)) bySerial.set(key, row);
  }
  const report: ImageMatchReport = { matches: [], unmatched: [], rowHasErrors: [], duplicates: [], invalid: [] };
  const taken = new Set<string>();
  for (const file of files) {
    const row = bySerial.get(imageKey(file.name));
    if (!row) {
      report.unmatched.push(file);
      continue;
    }
    if (row.hasErrors) {
      report.rowHasErrors.push(file);
      continue;
    }
    const invalid = checkImageFile(file);
    if (invalid) {
      report.invalid.push({ file, message: invalid });
      continue;
    }
    if (taken.has(row.id)) {
      report.duplicates.push(file);
      continue;
    }
    taken.add(row.id);
    report.matches.push({ file, rowId: row.id });
  }
  return report;
}
