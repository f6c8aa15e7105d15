/**
 * How a number is written where a person types it: a form's number field, a bulk CSV cell, a query
 * string or a path (docs/behaviour.md §5). Digits, optionally a decimal point with more digits, and
 * optionally a leading '-'; spaces around it are ignored. Nothing else is a number here, whatever
 * JavaScript's Number() would make of it: not 1e5, 0x10, Infinity, +5, 12abc, 1,5 or 1 000.
 *
 * This is only how a number is written. Whether a field takes a fraction or a negative number is
 * the field's own rule, checked after by its schema with its own message (a quiz question's coins
 * "Only whole numbers...", a card's amount "Must be 0 or more."), so that `1.5` or `-3` is told
 * what is wrong with it rather than that it is not a number.
 */
const numberText = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * The number `text` writes (see above): undefined when it is empty or only spaces (the field was
 * left empty: its "required" rule applies), NaN when it is not a number as written (the field
 * answers messages.onlyNumbers).
 */
export function readNumberText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return numberText.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A whole number as the messages write it: commas between thousands ("20,000", "-1,500"), whatever
 * the reader's locale (the messages are English). Written by hand rather than with
 * `toLocaleString('en-US')`: the first Intl formatter a browser page makes costs it tens of
 * milliseconds (its locale data), and the messages are built as the portal's first screen loads.
 * Anything but a whole number (a fraction, NaN) is written as JavaScript writes it.
 */
export function groupThousands(n: number | bigint): string {
  const s = String(n);
  return /^-?\d+$/.test(s) ? s.replace(/\B(?=(\d{3})+$)/g, ',') : s;
}
