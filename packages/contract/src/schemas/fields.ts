import { z } from '../zod.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import { readNumberText } from '../number-text.js';
import type { RoleName } from '../options.js';
import { ifMissing, ifPresent } from '../zod-messages.js';

/** Field rules shared by several forms and calls (docs/behaviour.md §5), written once. */

/** docs/behaviour.md §5: name letters and spaces only, required. Letters of any alphabet (Åsa, Zoë). */
export const nameField = z
  .string({ error: ifMissing(messages.nameRequired) })
  .trim()
  // abort: an empty name is only 'Name is required', not also 'Only alphabets...' (zod 4 runs every check).
  .min(1, { error: messages.nameRequired, abort: true })
  .max(limits.nameMax, messages.nameLettersOnly)
  .regex(/^[\p{L}\s]+$/u, messages.nameLettersOnly);

/**
 * A number input with minimum 0 (docs/behaviour.md §5/§9). A call sends a JSON number; a form's
 * field is read by readNumberText (empty: `required`, or "<field> is required." without one; not a
 * number as written: messages.onlyNumbers); a value of another type is refused in words (zod-messages.ts).
 */
export function nonNegativeNumber(max: number, opts: { integer?: boolean; required?: string } = {}) {
  let n = z
    .number(opts.required ? { error: ifMissing(opts.required) } : undefined)
    .min(0, messages.numberMin0)
    .max(max, messages.numberTooLarge);
  if (opts.integer) n = n.int(messages.integerOnly);
  return n;
}

/**
 * A number written as text, in a query string or a path (`?page=2`, `/users/12`): read by
 * readNumberText (digits only: `1e3`, `0x10` or `12abc` are no numbers), then checked by `number`, which
 * says with its own messages what it takes. A text that is no number, or empty (`?page=`), stays
 * text, so that `number` refuses it as one ("page must be a number."); a parameter left out gets
 * `number`'s default, if any. A number passes as it is (the portal's own parsed state). Documented
 * as `number` documents itself.
 */
export const numberInText = <T extends z.ZodType>(number: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const n = readNumberText(v);
    return n === undefined || Number.isNaN(n) ? v : n;
  }, number);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Today as YYYY-MM-DD in the local time zone of whoever checks (browser or server). */
export function todayIso(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A calendar date YYYY-MM-DD that exists (no 2023-02-30). */
export const dateField = z
  .string({ error: messages.dateInvalid })
  // abort: a date that is not one gets this message only, not also the rules chained after it.
  .regex(isoDate, { message: messages.dateInvalid, abort: true })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
    },
    { message: messages.dateInvalid, abort: true },
  );

/** docs/behaviour.md §5: dob not in the future. */
export const dobField = dateField.refine((s) => s <= todayIso(), messages.dobInFuture);

export const passwordField = (requiredMessage: string) =>
  z
    .string({ error: ifMissing(requiredMessage) })
    // abort: an empty password is only `requiredMessage`, not also the minimum-length message.
    .min(1, { error: requiredMessage, abort: true })
    .min(limits.passwordMin, messages.passwordMin)
    .max(limits.passwordMax, messages.passwordTooLong);

/**
 * The password rule that depends on the account's role: an administrator's password is at least
 * limits.adminPasswordMin characters, and so is every portal (staff) role's. Undefined when the password passes. (The server also refuses
 * the most common passwords; that list stays on the server.)
 */
export function rolePasswordProblem(password: string, role: RoleName): string | undefined {
  return role !== 'User' && password.length < limits.adminPasswordMin ? messages.adminPasswordMin : undefined;
}

/** The server's refusals of a new password that belong under the password field. */
export const passwordRuleMessages: readonly string[] = [messages.passwordTooCommon, messages.adminPasswordMin];

/** passwordField with the rule of `role`'s accounts (rolePasswordProblem). */
export const passwordFieldFor = (role: RoleName, requiredMessage: string) =>
  passwordField(requiredMessage).refine((p) => rolePasswordProblem(p, role) === undefined, messages.adminPasswordMin);

export const idField = z
  .number({ error: ifPresent(messages.idNotNumber) })
  .int(messages.idNotNumber)
  .positive(messages.idNotNumber)
  .max(limits.int32Max, messages.idNotNumber);
