import { or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type bulkRowInputSchema,
  type bulkRowResultSchema,
  bulkRowToCard,
  bulkUniqueErrors,
  type CsvDateOrder,
  giftCardCodeKey,
  messages,
  todayIso,
  validateBulkRows,
} from '@strideadmin/contract';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { giftCards } from '../../db/schema.js';
import { type AuditContext, recordAudit } from '../audit/index.js';

/** One row of POST /multiplegiftcard as the server reads it: every cell as text, the id when sent. */
export type ReceivedBulkRow = z.output<typeof bulkRowInputSchema>;
export type BulkRowResult = z.output<typeof bulkRowResultSchema>;

export interface BulkImportResult {
  created: number;
  /** The rows that were not created, in request order, each with its errors. */
  failed: BulkRowResult[];
}

/** `expr IN (the values)`, the values as one JSON parameter: any number of them, one bind parameter. */
function inJsonList(expr: SQLWrapper, values: string[]): SQL {
  return sql`${expr} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/**
 * The serial numbers and control codes of the request that some stored card already has,
 * compared by giftCardCodeKey, in one query. PostgreSQL's lower() narrows, and the final
 * comparison is giftCardCodeKey's, so it is exactly the one the rows within the request were
 * checked with. (No index serves lower(...): a hashed scan of gift_cards, once per import.)
 */
async function takenKeys(
  db: Db,
  rows: ReceivedBulkRow[],
): Promise<{ serialNumber: Set<string>; controlCode: Set<string> }> {
  const serials = [...new Set(rows.map((r) => giftCardCodeKey(r.serialNumber)).filter(Boolean))];
  const codes = [...new Set(rows.map((r) => giftCardCodeKey(r.controlCode)).filter(Boolean))];
  const found = await db
    .select({ serialNumber: giftCards.serialNumber, controlCode: giftCards.controlCode })
    .from(giftCards)
    .where(
      or(
        inJsonList(sql`lower(${giftCards.serialNumber})`, serials),
        inJsonList(sql`lower(${giftCards.controlCode})`, codes),
      ),
    );
  return {
    serialNumber: new Set(found.map((r) => giftCardCodeKey(r.serialNumber))),
    controlCode: new Set(found.map((r) => giftCardCodeKey(r.controlCode))),
  };
}

/**
 * POST /multiplegiftcard (docs/behaviour.md §7, §4 After creation). Every row is validated again with the
 * portal's own rules (validateBulkRows: the docs/behaviour.md §5 bulk messages and uniqueness within the
 * request), plus a card picture, plus uniqueness against the stored cards. The valid rows go in
 * one transaction with one set-based INSERT: all of them or, on any failure, none. ON CONFLICT
 * DO NOTHING turns a card stored by a concurrent request since the check into that row's unique
 * error instead of a failed import. The cards created are one 'bulk-import' entry of the audit log
 * (their ids), appended last in that transaction. A Valid Till is read in `dateOrder`
 * (CSV_DATE_ORDER), as the portal's preview read it.
 */
export async function importGiftCards(
  db: Db,
  audit: AuditContext,
  rows: ReceivedBulkRow[],
  dateOrder: CsvDateOrder,
  now = new Date(),
): Promise<BulkImportResult> {
  const errors = validateBulkRows(rows, todayIso(now), dateOrder);
  const taken = await takenKeys(db, rows);
  rows.forEach((row, i) => {
    const rowErrors = errors[i]!;
    if (!row.cardPicture.trim()) rowErrors.push(messages.csvCardPictureRequired);
    for (const e of bulkUniqueErrors(row, (field, key) => taken[field].has(key))) pushOnce(rowErrors, e.message);
  });

  const valid = rows.flatMap((row, i) =>
    errors[i]!.length === 0 ? [{ index: i, card: bulkRowToCard(row, dateOrder) }] : [],
  );
  if (valid.length > 0) {
    // One statement is atomic already; the transaction keeps "all or none" true if more are added.
    await db.transaction(async (tx) => {
      const cards = valid.map((v) => v.card);
      const insertedRows = await insertCards(tx, cards);
      const inserted = new Set(insertedRows.map((r) => r.serialNumber));
      const skipped = valid.filter((v) => !inserted.has(v.card.serialNumber));
      // The entry, last in the transaction (after the clashes are read), when a card was created.
      const recordImport = async () => {
        if (insertedRows.length === 0) return;
        const ids = insertedRows.map((r) => Number(r.id)).sort((x, y) => x - y);
        await recordAudit(tx, audit, { action: 'bulk-import', entity: 'gift-card', entityIds: ids });
      };
      if (skipped.length === 0) return recordImport();
      // Stored since takenKeys looked: find which value is taken now (the constraints compare exactly).
      const skippedSerials = skipped.map((v) => v.card.serialNumber);
      const skippedCodes = skipped.map((v) => v.card.controlCode);
      const clashes = await tx
        .select({ serialNumber: giftCards.serialNumber, controlCode: giftCards.controlCode })
        .from(giftCards)
        .where(or(inJsonList(giftCards.serialNumber, skippedSerials), inJsonList(giftCards.controlCode, skippedCodes)));
      const serials = new Set(clashes.map((c) => c.serialNumber));
      const codes = new Set(clashes.map((c) => c.controlCode));
      for (const { index, card } of skipped) {
        const rowErrors = errors[index]!;
        if (serials.has(card.serialNumber)) rowErrors.push(messages.csvSerialUnique);
        if (codes.has(card.controlCode)) rowErrors.push(messages.csvControlCodeUnique);
        // Gone again since the conflict (deleted meanwhile): still not created by this request.
        if (rowErrors.length === 0) rowErrors.push(messages.csvSerialUnique);
      }
      await recordImport();
    });
  }

  const failed: BulkRowResult[] = [];
  rows.forEach((row, i) => {
    if (errors[i]!.length > 0) failed.push(toBulkRowResult(row, i, errors[i]!));
  });
  return { created: rows.length - failed.length, failed };
}

type BulkCard = ReturnType<typeof bulkRowToCard>;
/** The card fields a bulk row sets, in the order of bulkRowToCard; the other columns take their defaults. */
const bulkCardKeys = [
  'serialNumber',
  'controlCode',
  'price',
  'currency',
  'amount',
  'storeName',
  'storeAddress',
  'validTill',
  'expiryDuration',
  'cardPicture',
] as const satisfies ReadonlyArray<keyof BulkCard>;

/**
 * One set-based statement for all the cards: INSERT ... SELECT FROM jsonb_to_recordset($1), the
 * rows travelling as one JSON parameter (no 65,535-parameter limit, no chunks, one round trip;
 * about twice as fast at 10,000 rows as a multi-row VALUES). A row whose serial number or control
 * code is taken by then is skipped, not an error. Answers the ids and serial numbers inserted.
 */
async function insertCards(
  tx: Pick<Db, 'execute'>,
  cards: BulkCard[],
): Promise<Array<{ id: number; serialNumber: string }>> {
  const columns = bulkCardKeys.map((key) => giftCards[key]);
  const target = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const source = sql.join(
    bulkCardKeys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  const record = sql.join(
    bulkCardKeys.map((key, i) => sql`${sql.identifier(key)} ${sql.raw(columns[i]!.getSQLType())}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    insert into ${giftCards} (${target})
    select ${source} from jsonb_to_recordset(${JSON.stringify(cards)}::jsonb) as card(${record})
    on conflict do nothing
    returning ${sql.identifier(giftCards.id.name)} as "id", ${sql.identifier(giftCards.serialNumber.name)} as "serialNumber"`);
  return rowsOf<{ id: number; serialNumber: string }>(result);
}

function pushOnce(list: string[], message: string) {
  if (!list.includes(message)) list.push(message);
}

/** A row as it was sent (its id, or its index in the request when it had none), with its errors. */
function toBulkRowResult(row: ReceivedBulkRow, index: number, errors: string[]): BulkRowResult {
  return {
    id: row.id ?? String(index),
    serialNumber: row.serialNumber,
    controlCode: row.controlCode,
    price: row.price,
    currency: row.currency,
    amount: row.amount,
    storeName: row.storeName,
    storeAddress: row.storeAddress,
    validTill: row.validTill,
    expiryDuration: row.expiryDuration,
    cardPicture: row.cardPicture,
    hasErrors: true,
    errors,
  };
}
