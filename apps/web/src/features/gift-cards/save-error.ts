import { messages } from '@strideadmin/contract';
import { ApiError } from '../../lib/api-client';
import { handleApiError } from '../../lib/query-client';
import { toast } from '../../lib/toast';

/** Card form fields a server answer can point at (the two uniqueness rules of the database). */
export type ConflictField = 'serialNumber' | 'controlCode';

const conflictFields: Record<string, ConflictField> = {
  [messages.serialTaken]: 'serialNumber',
  [messages.controlCodeTaken]: 'controlCode',
};

export interface SaveFailure {
  /** Shown under the form (docs/behaviour.md §8 "and under the form for form submits"); null when nothing to add. */
  formError: string | null;
  /** Messages that belong under one field (a serial number or control code already taken). */
  fieldErrors: Partial<Record<ConflictField, string>>;
}

/**
 * A failed save of the card form. docs/behaviour.md §8 "Update gift card non-200: each entry of errors as a
 * toast, else the message": toasted here, once each. The mutations carry `meta.silentError`, so the
 * global policy does not toast the message a second time; it still handles a session expiry.
 */
export function reportSaveError(err: unknown): SaveFailure {
  if (!(err instanceof ApiError)) {
    handleApiError(err); // not a server answer: logged, 'Something went wrong...' (docs/behaviour.md §8)
    return { formError: messages.noResponse, fieldErrors: {} };
  }
  // Already toasted and signed out by the policy; the form is about to leave the screen.
  if (err.isUnauthorized) return { formError: null, fieldErrors: {} };

  const shown = err.errors.length > 0 ? err.errors : [err.message];
  for (const m of shown) toast.error(m);

  const fieldErrors: SaveFailure['fieldErrors'] = {};
  const rest: string[] = [];
  for (const m of shown) {
    const field = conflictFields[m];
    if (field) fieldErrors[field] = m;
    else rest.push(m);
  }
  return { formError: rest.length > 0 ? rest.join(' ') : null, fieldErrors };
}
