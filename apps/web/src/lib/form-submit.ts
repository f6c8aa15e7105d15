import { useState } from 'react';
import { errorMessage } from './api-client';

/**
 * A form's submit and the message under the form (docs/behaviour.md §8: a failed submit is shown
 * under the form, and only there: its mutation carries `formSubmit` (lib/query-client), so the
 * error policy does not toast the same sentence beside it). Each submit clears the
 * message, then runs `save`; when it fails the message is `onError`'s answer: by default the
 * error's own message ('Something went wrong…' when the server did not answer). A form with more
 * to do on a failure (a message under one field, the fresh record of a refused save) passes its
 * own `onError`, returning the message for under the form, or null for none. A `save` whose call
 * went through but whose answer is still a refusal resolves with the message to show.
 */
export function useFormSubmit<V>(
  save: (values: V) => Promise<string | void>,
  onError: (err: unknown) => string | null = errorMessage,
) {
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(values: V) {
    setFormError(null);
    try {
      const refusal = await save(values);
      if (refusal) setFormError(refusal);
    } catch (err) {
      setFormError(onError(err));
    }
  }

  return { onSubmit, formError };
}
