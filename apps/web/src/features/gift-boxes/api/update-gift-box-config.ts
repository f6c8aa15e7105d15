import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftBoxConfig, UpdateGiftBoxConfig } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftBoxKeys } from './keys';

/**
 * PUT /giftbox (docs/behaviour.md §10): updateId plus every field; answers the config. A taken
 * Config Name is a 409.
 */
export const updateGiftBoxConfig = (input: UpdateGiftBoxConfig) =>
  api<GiftBoxConfig>('/giftbox', { method: 'PUT', body: input });

/** A failure is toasted by the query client's policy; the form shows it under itself too. */
export function useUpdateGiftBoxConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateGiftBoxConfig,
    meta: formSubmit,
    onSuccess: (_res, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: giftBoxKeys.lists() }),
        qc.invalidateQueries({ queryKey: giftBoxKeys.detail(input.updateId) }),
      ]),
  });
}
