import type { z } from 'zod';
import { messages } from './messages.js';
import { groupThousands } from './number-text.js';

/**
 * The message of every zod issue that its schema gives no message of its own: a value of the
 * wrong type, a choice that is not one of the choices, a bound without a message (docs/behaviour.md
 * §5, "Wrong types"). zod.ts installs it for every schema, so no zod default text ("Invalid input:
 * expected boolean, received string") ever reaches a form or an API client. Each message names the
 * field as the call spells it and says what it takes.
 *
 * A schema's own message for a missing value (`messages.amountRequired`) is given with ifMissing:
 * a value that is there but of the wrong type gets this map's message instead.
 */
export function readableIssue(issue: z.core.$ZodRawIssue): string {
  const field = fieldName(issue.path);
  const input: unknown = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(input) ? messages.fieldRequired(field) : wrongType(field, issue.expected, input);
    case 'invalid_value':
      if (isMissing(input)) return messages.fieldRequired(field);
      return messages.fieldNotOneOf(field, choices(issue.values));
    case 'invalid_union': {
      if (isMissing(input)) return messages.fieldRequired(field);
      const expected = issue.errors.map((option) =>
        option.length === 1 && option[0]?.code === 'invalid_type' && option[0].path.length === 0
          ? typeWord(option[0].expected)
          : undefined,
      );
      if (expected.length > 0 && expected.every((e) => e !== undefined))
        return messages.fieldNotOneOf(field, orList([...new Set(expected)]));
      return messages.fieldNotValid(field);
    }
    case 'too_small':
      return tooSmall(field, issue);
    case 'too_big':
      return tooBig(field, issue);
    case 'invalid_format':
      return issue.format === 'email' ? messages.fieldNotEmail(field) : messages.fieldNotValid(field);
    case 'not_multiple_of':
      return messages.fieldMultipleOf(field, count(issue.divisor));
    case 'unrecognized_keys':
      return messages.fieldsUnknown(issue.keys.map((k) => fieldName([...(issue.path ?? []), k])));
    default:
      // invalid_key, invalid_element, custom (a refinement without a message).
      return messages.fieldNotValid(field);
  }
}

/**
 * Missing: left out (undefined: a call without the field, a form's field left empty) or null, JSON's
 * "no value", where a field does not take null.
 */
const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * A schema's message for its field missing (`z.number({ error: ifMissing(messages.amountRequired) })`):
 * used when the value is left out or null; a value of the wrong type falls through to readableIssue
 * ("amount must be a number."), and a form's text that is no number (NaN, number-text.ts) to
 * messages.onlyNumbers.
 */
export const ifMissing =
  (message: string) =>
  (issue: { input?: unknown }): string | undefined =>
    isMissing(issue.input) ? message : undefined;

/**
 * A schema's message for a value of the wrong type that says what the field takes ('The id must be
 * a number.'), while a missing field is "<field> is required." (readableIssue).
 */
export const ifPresent =
  (message: string) =>
  (issue: { input?: unknown }): string | undefined =>
    isMissing(issue.input) ? undefined : message;

/** The field a path names, as a client writes it: `isActive`, `giftCards[2].amount`; `The value` for the whole. */
function fieldName(path: readonly PropertyKey[] | undefined): string {
  let name = '';
  for (const key of path ?? []) {
    if (typeof key === 'number') name += `[${key}]`;
    else name += name === '' ? String(key) : `.${String(key)}`;
  }
  return name === '' ? 'The value' : name;
}

function wrongType(field: string, expected: string, input: unknown): string {
  switch (expected) {
    case 'number':
    case 'bigint':
      // A form's number field whose text is no number (number-text.ts): the specification's message.
      return typeof input === 'number' && Number.isNaN(input) ? messages.onlyNumbers : messages.fieldNotNumber(field);
    case 'int':
      if (typeof input === 'number' && Number.isNaN(input)) return messages.onlyNumbers;
      return typeof input === 'number' ? messages.fieldNotWholeNumber(field) : messages.fieldNotNumber(field);
    case 'boolean':
      return messages.fieldNotBoolean(field);
    case 'string':
      return messages.fieldNotText(field);
    case 'object':
    case 'record':
    case 'map':
      return messages.fieldNotObject(field);
    case 'array':
    case 'tuple':
    case 'set':
      return messages.fieldNotArray(field);
    case 'null':
      return messages.fieldNotNull(field);
    default:
      return messages.fieldNotValid(field);
  }
}

/** How a choice of types reads: "a text or a number". */
function typeWord(expected: string): string | undefined {
  switch (expected) {
    case 'number':
    case 'int':
      return 'a number';
    case 'string':
      return 'a text';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'null':
      return 'null';
    default:
      return undefined;
  }
}

function tooSmall(field: string, issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>): string {
  const min = count(issue.minimum);
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? messages.fieldMoreThan(field, min) : messages.fieldAtLeast(field, min);
    case 'string':
      return issue.minimum === 1 ? messages.fieldEmpty(field) : messages.fieldMinLength(field, min);
    case 'array':
    case 'set':
      return messages.fieldMinItems(field, min);
    default:
      return messages.fieldNotValid(field);
  }
}

function tooBig(field: string, issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>): string {
  const max = count(issue.maximum);
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? messages.fieldLessThan(field, max) : messages.fieldAtMost(field, max);
    case 'string':
      return messages.fieldMaxLength(field, max);
    case 'array':
    case 'set':
      return messages.fieldMaxItems(field, max);
    default:
      return messages.fieldNotValid(field);
  }
}

const count = groupThousands;

/** The choices of an enum or a literal: "asc or desc", "en, sv or null". */
function choices(values: readonly unknown[]): string {
  return orList(values.map((v) => (typeof v === 'string' ? v : String(v))));
}

function orList(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}
