import { formSubmit } from '../../../lib/query-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateManualGiftBox, GiftBox } from '@strideadmin/contract';
import { api } from '../../../lib/api-client';
import { giftBoxKeys } from './keys';

/** POST /giftbox/manual (docs/behaviour.md §10): one box placed by hand; answers message and the box. */
export const createManualGiftBox = (input: CreateManualGiftBox) =>
  api<GiftBox>('/giftbox/manual', { method: 'POST', body: input });

/**
 * Places a box; its config (which lists it) and the lists (which count it) refetch. A failure is
 * toasted by the query client's policy; the form shows it under itself too.
 */
export function useCreateManualGiftBox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createManualGiftBox,
    meta: formSubmit,
    onSuccess: (_res, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: giftBoxKeys.lists() }),
        qc.invalidateQueries({ queryKey: giftBoxKeys.detail(input.configId) }),
      ]),
  });
}
