import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNotification } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/**
 * POST /notification (docs/behaviour.md §10): title, message, language, audience, userIds (with `users`),
 * sendAt (an ISO time, or null for now). Answers body.id and a message (queued, or scheduled).
 */
export const createNotification = (input: CreateNotification) =>
  api<{ id: number }>('/notification', { method: 'POST', body: input });

export function useCreateNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    meta: formSubmit,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}
