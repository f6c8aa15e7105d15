import { Readable } from 'node:stream';
import { and, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/**
 * A list as a CSV file (docs/behaviour.md §12 Export): every row matching the list's filters, in
 * its sort, streamed with flat memory however many rows match.
 *
 * The cells are made by the database as text (the helpers below: numbers, UTC times,
 * labels, neutralised text), so both drivers give the same bytes:
 * - PostgreSQL writes the CSV itself: `COPY (select) TO STDOUT WITH (FORMAT csv)` on a client of
 *   its own (Database.copyOut), the LF after each record turned into CRLF on the way out;
 * - PGlite (one connection for every request) is read in keyset batches of `batchRows`, each one
 *   short statement, and the CSV written here with COPY's own quoting (csvCell).
 * The file starts with a UTF-8 BOM (spreadsheets then read it as UTF-8) and a header row.
 */
export interface CsvExport {
  /** The file's name before its date: `users` gives users-2026-11-26.csv. */
  name: string;
  /** Header and cell (an SQL text expression: csvText, csvNumber, ...) of each column, id first. */
  columns: ReadonlyArray<readonly [header: string, cell: SQL]>;
  /** The FROM clause: a table, or a table and its joins. */
  from: SQL;
  /** The list's own filters (parameters, never text pasted into the SQL). */
  where: SQL | undefined;
  /** The list's sort: a NOT NULL column, ties broken by the id, both in `direction`. */
  order: {
    column: AnyPgColumn;
    id: AnyPgColumn;
    direction: 'asc' | 'desc';
    /**
     * Where nulls go, when the table's index says it (an index built `DESC NULLS LAST` serves
     * `desc nulls last` only): then the export reads the index instead of sorting. Both columns
     * must be NOT NULL, so the rows' order is the same either way.
     */
    nullsAsIndexed?: boolean;
  };
}

export interface CsvDownload {
  filename: string;
  stream: Readable;
}

/** Rows per statement on PGlite: short enough that other requests interleave between batches. */
export const batchRows = 2_000;

const dialect = new PgDialect();
const bom = '\uFEFF';
const crlf = Buffer.from('\r\n');

/**
 * One cell as PostgreSQL's COPY (FORMAT csv) writes it (RFC 4180): quoted when it holds a comma,
 * a quote, CR or LF, or is empty (an empty text, told apart from NULL, which is written as nothing);
 * a quote inside is doubled.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  if (value === '' || /[",\r\n]/.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/**
 * Text a person typed, as a cell: one starting with = + - @, a tab or CR gets a leading ' so that a
 * spreadsheet shows it rather than running it as a formula (OWASP's advice on CSV injection).
 * Numbers go through csvNumber instead: a negative number stays a number.
 */
export function csvText(text: SQL | AnyPgColumn): SQL {
  // ascii() is the first character's code point (= + - @ tab CR: 61 43 45 64 9 13): an integer
  // compare, where left(text, 1) made a new text per row and compared it six times (it tripled
  // the cost of the whole export's SQL).
  return sql`case when ascii(${text}) in (61, 43, 45, 64, 9, 13) then '''' || ${text} else ${text} end`;
}

export function csvNumber(value: SQL | AnyPgColumn): SQL {
  return sql`(${value})::text`;
}

/**
 * An instant in UTC to the millisecond, as spreadsheets read a date and time:
 * 2026-11-26 09:05:00.123 (no fraction on a whole second). PostgreSQL's own output of a timestamp
 * in its ISO date style (pinned for the export: Database.copyOut), a third cheaper than to_char.
 */
export function csvTimestamp(value: SQL | AnyPgColumn): SQL {
  return sql`(date_trunc('milliseconds', (${value}) at time zone 'UTC'))::text`;
}

/** A calendar date: 2026-11-26. */
export function csvDate(value: SQL | AnyPgColumn): SQL {
  return sql`to_char(${value}, 'YYYY-MM-DD')`;
}

/**
 * One of the code's own words (a label, Yes/No) as an SQL string literal, quotes doubled. Never
 * for user text (that is a bound parameter): a constant costs nothing per row, where a parameter
 * of a COPY is read back from a setting on every row (Database.copyOut).
 */
function constant(text: string): SQL {
  return sql.raw(`'${text.replaceAll("'", "''")}'`);
}

/** A coded value as its label (the contract's option lists); an unknown code as itself, neutralised. */
export function csvLabel(value: SQL | AnyPgColumn, labels: ReadonlyArray<{ value: string; label: string }>): SQL {
  const cases = labels.map((o) => sql`when ${constant(o.value)} then ${constant(o.label)}`);
  return csvText(sql`(case ${value} ${sql.join(cases, sql` `)} else ${value} end)`);
}

/** A yes/no column as one of two words. */
export function csvBoolean(value: SQL | AnyPgColumn, yes: string, no: string): SQL {
  return sql`(case when ${value} then ${constant(yes)} else ${constant(no)} end)`;
}

/** The export's file name, dated by the UTC day of `now`: users-2026-11-26.csv. */
export function csvFilename(name: string, now: Date): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The BOM and the header row. */
export function csvHead(spec: Pick<CsvExport, 'columns'>): string {
  return bom + spec.columns.map(([header]) => csvCell(header)).join(',') + '\r\n';
}

/** The SELECT of the cells, filtered and sorted as the list; `after`: only the rows past that key (PGlite's batches). */
function selectOf(spec: CsvExport, batch?: { after?: { key: string; id: number }; limit: number }): SQL {
  const { column, id, direction } = spec.order;
  const cells = spec.columns.map(([, cell], i) => sql`${cell} as ${sql.identifier(`c${i}`)}`);
  if (batch) cells.push(sql`(${column})::text as "k"`, sql`${id} as "i"`);
  let past: SQL | undefined;
  if (batch?.after) {
    // The key travels as text and is cast back to the column's own type (serial is an integer).
    const type = sql.raw(
      column
        .getSQLType()
        .replace(/^serial$/, 'integer')
        .replace(/^bigserial$/, 'bigint'),
    );
    const op = sql.raw(direction === 'asc' ? '>' : '<');
    past = sql`(${column}, ${id}) ${op} (${batch.after.key}::${type}, ${batch.after.id})`;
  }
  const where = and(spec.where, past);
  const dir = sql.raw(
    spec.order.nullsAsIndexed ? (direction === 'asc' ? 'asc nulls first' : 'desc nulls last') : direction,
  );
  return sql`select ${sql.join(cells, sql`, `)} from ${spec.from}${where ? sql` where ${where}` : sql``} order by ${column} ${dir}, ${id} ${dir}${batch ? sql` limit ${batch.limit}` : sql``}`;
}

/**
 * COPY's records end in LF; RFC 4180 wants CRLF. An LF inside a quoted cell is the cell's own and
 * stays; `quoted` carries over from one chunk to the next. Linear: each quote and line end is
 * found once with Buffer.indexOf.
 */
export function lfToCrlf(): (chunk: Buffer) => Buffer {
  let quoted = false;
  return (chunk) => {
    const parts: Buffer[] = [];
    let start = 0;
    let pos = 0;
    let quote = chunk.indexOf(0x22, 0);
    for (;;) {
      if (quoted) {
        if (quote === -1) break;
        quoted = false;
        pos = quote + 1;
        quote = chunk.indexOf(0x22, pos);
        continue;
      }
      const lf = chunk.indexOf(0x0a, pos);
      // A quote before the next line end (or with none left in this chunk: the state carries over).
      if (quote !== -1 && (lf === -1 || quote < lf)) {
        quoted = true;
        pos = quote + 1;
        quote = chunk.indexOf(0x22, pos);
        continue;
      }
      if (lf === -1) break;
      parts.push(chunk.subarray(start, lf), crlf);
      start = pos = lf + 1;
    }
    if (start === 0) return chunk;
    parts.push(chunk.subarray(start));
    return Buffer.concat(parts);
  };
}

async function* copyRows(database: Database, spec: CsvExport): AsyncGenerator<Buffer | string> {
  const query = dialect.sqlToQuery(selectOf(spec));
  const toCrlf = lfToCrlf();
  let head: string | undefined = csvHead(spec);
  for await (const chunk of database.copyOut!(query.sql, query.params)) {
    // The header goes out with the first rows (see csvDownload).
    if (head !== undefined) yield Buffer.concat([Buffer.from(head), toCrlf(chunk as Buffer)]);
    else yield toCrlf(chunk as Buffer);
    head = undefined;
  }
  if (head !== undefined) yield head;
}

async function* batchedRows(database: Database, spec: CsvExport): AsyncGenerator<string> {
  const width = spec.columns.length;
  let after: { key: string; id: number } | undefined;
  // The header goes out with the first batch (see csvDownload).
  let text = csvHead(spec);
  for (;;) {
    const query = dialect.sqlToQuery(selectOf(spec, { after, limit: batchRows }));
    const { rows } = await database.query<Record<string, string | null>>(query.sql, query.params);
    for (const row of rows) {
      for (let i = 0; i < width; i++) text += (i ? ',' : '') + csvCell(row[`c${i}`] ?? null);
      text += '\r\n';
    }
    if (text) yield text;
    text = '';
    const last = rows.at(-1);
    if (!last || rows.length < batchRows) return;
    after = { key: String(last.k), id: Number(last.i) };
  }
}

/**
 * The CSV of `spec` as a stream (backpressure respected; destroying it ends the query). It resolves
 * once the database has answered the first rows: a statement the database refuses (a filter with
 * a character PostgreSQL cannot store, say) is still an error answer with its status and message,
 * not a file cut off after its header.
 */
export async function csvDownload(database: Database, spec: CsvExport, now = new Date()): Promise<CsvDownload> {
  const rows = database.copyOut ? copyRows(database, spec) : batchedRows(database, spec);
  const first = await rows.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* rows;
  }
  return { filename: csvFilename(spec.name, now), stream: Readable.from(all(), { objectMode: false }) };
}
