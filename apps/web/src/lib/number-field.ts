import { readNumberText } from '@strideadmin/contract';

/**
 * A form's number field (docs/behaviour.md §5 "Numbers"): a text box whose text the contract's
 * readNumberText reads, digits only. Not `type="number"`: the browser's number box reads 1e5 as
 * 100000, and hands the form an empty value for a text it cannot read ("12abc", "1e"), which the
 * field would then call missing. The keyboard on a phone still opens with digits.
 *
 * - `whole`: digits (coins, an amount, minutes);
 * - `decimal`: digits and a decimal point (height, weight);
 * - `signed`: a leading '-' too (a coins adjustment, a latitude), so the full keyboard.
 */
export function numberInput(kind: 'whole' | 'decimal' | 'signed') {
  const inputMode = kind === 'whole' ? 'numeric' : kind === 'decimal' ? 'decimal' : 'text';
  return { type: 'text', inputMode, autoComplete: 'off', spellCheck: false } as const;
}

/**
 * The register() options of a number field: the form holds the number its text writes, undefined
 * when it is empty (the field's "... is required"), NaN when it is not a number as written
 * (messages.onlyNumbers), both said by the field's schema.
 */
export const asNumber = {
  setValueAs: (value: unknown): unknown => (typeof value === 'string' ? readNumberText(value) : value),
};
