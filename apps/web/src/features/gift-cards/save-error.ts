import { messages } from '@strideadmin/contract';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** Card form fields a server answer can point at (the two uniqueness rules of the database). */
export type ConflictField = 'serialNumber' | 'controlCode';

const conflictFields: Record<string, ConflictField> = {
  [messages.serialTaken]: 'serialNumber',
  [messages.controlCodeTaken]: 'controlCode',
};

export interface SaveFailure {
  /** Shown under the form: only what was not toasted (no answer at all); null otherwise. */
  formError: string | null;
  /** Messages that belong under one field (a serial number or control code already taken). */
  fieldErrors: Partial<Record<ConflictField, string>>;
}

/**
 * A failed save of the card form. docs/behaviour.md §8 "Update gift card non-200: each entry of errors as a
 * toast, else the message": toasted here, once each, and not repeated under the form (a message is
 * shown in one place). An entry about one field (a taken serial number or control code) also marks
 * that field, so the administrator sees which one to change. The mutations carry `meta.silentError`,
 * so the global policy does not toast the message a second time; it still handles a session expiry.
 */
export function reportSaveError(err: unknown): SaveFailure {
  if (!(err instanceof ApiError)) {
    console.error(err); // not a server answer: logged, and 'Something went wrong...' under the form
    return { formError: messages.noResponse, fieldErrors: {} };
  }
  // Already toasted and signed out by the policy; the form is about to leave the screen.
  if (err.isUnauthorized) return { formError: null, fieldErrors: {} };

  const shown = err.errors.length > 0 ? err.errors : [err.message];
  for (const m of shown) toast.error(m);

  const fieldErrors: SaveFailure['fieldErrors'] = {};
  for (const m of shown) {
    const field = conflictFields[m];
    if (field) fieldErrors[field] = m;
  }
  return { formError: null, fieldErrors };
}
