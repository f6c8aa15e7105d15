import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateGiftBoxConfig } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftBoxKeys } from './keys';

/** POST /giftbox (docs/behaviour.md §10): answers message and body.id; a taken Config Name is a 409. */
export const createGiftBoxConfig = (input: CreateGiftBoxConfig) =>
  api<{ id: number }>('/giftbox', { method: 'POST', body: input });

/** A failure is toasted by the query client's policy; the form shows it under itself too. */
export function useCreateGiftBoxConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createGiftBoxConfig,
    meta: formSubmit,
    onSuccess: () => qc.invalidateQueries({ queryKey: giftBoxKeys.lists() }),
  });
}
