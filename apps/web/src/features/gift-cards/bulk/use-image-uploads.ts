import { useState, type Dispatch } from 'react';
import { messages } from '@strideadmin/contract';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload';
import type { BulkAction } from './bulk-rows';

/** At most this many images travel at once (each is a presign call and a PUT). */
const concurrency = 4;

export interface UploadJob {
  file: File;
  /** The rows that get this image (one for a per-row upload, many for apply-to-selected). */
  rowIds: readonly string[];
  /** The table's epoch when it was asked for (BulkState.epoch). */
  epoch: number;
}

export interface UploadProgress {
  done: number;
  total: number;
  failed: number;
}

/** The queue behind useImageUploads: plain code, one per screen. */
export function createUploadRunner(
  dispatch: Dispatch<BulkAction>,
  onProgress: (progress: UploadProgress | null) => void,
) {
  const queue: UploadJob[] = [];
  let active = 0;
  let tally: UploadProgress = { done: 0, total: 0, failed: 0 };

  const publish = () => {
    if (tally.done >= tally.total) {
      tally = { done: 0, total: 0, failed: 0 };
      onProgress(null);
    } else {
      onProgress({ ...tally });
    }
  };

  const pump = () => {
    while (active < concurrency && queue.length > 0) {
      const job = queue.shift()!;
      active++;
      uploadImage(job.file, 'gift_card_images')
        .then((url) => dispatch({ type: 'uploadFinished', ids: job.rowIds, url, epoch: job.epoch }))
        .catch(() => {
          tally.failed++;
          // docs/behaviour.md §8 Failed image upload, verbatim.
          toast.error(messages.uploadFailed);
          dispatch({ type: 'uploadFinished', ids: job.rowIds, url: null, epoch: job.epoch });
        })
        .finally(() => {
          active--;
          tally.done++;
          publish();
          pump();
        });
    }
  };

  return {
    enqueue: (jobs: readonly UploadJob[]) => {
      const real = jobs.filter((j) => j.rowIds.length > 0);
      if (real.length === 0) return;
      for (const j of real) dispatch({ type: 'uploadStarted', ids: j.rowIds, epoch: j.epoch });
      tally.total += real.length;
      queue.push(...real);
      publish();
      pump();
    },
  };
}

/**
 * Image uploads for the bulk rows (docs/behaviour.md §7 upload flow, folder gift_card_images): the rows show
 * their `updating` spinner while their image travels, a failure toasts the spec's message, and
 * `progress` counts images across every batch until the last one is done.
 */
export function useImageUploads(dispatch: Dispatch<BulkAction>) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [runner] = useState(() => createUploadRunner(dispatch, setProgress));
  return { enqueue: runner.enqueue, progress };
}
