import { useEffect, useState } from 'react';
import { coreMessages } from '@strideadmin/contract';
import { loadChunk } from './load-chunk';
import { toast } from './toast';

/**
 * A part of a screen loaded on its first use rather than with the screen (the signed-in shell's
 * dialogs: docs/decisions/0019-portal-loading.md): `load` fetches its chunk once (with loadChunk's
 * retry and time limit), and again after a failure.
 */
export interface LazyPart<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    load: () =>
      (pending ??= loadChunk(importer).then(
        (m) => (loaded = m),
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      )),
    loaded: () => loaded,
  };
}

/**
 * The part's module once `wanted` (it is loaded from then on and stays). A part that cannot be
 * loaded says so in a toast (the message of a screen that could not be loaded) and calls
 * `onFailure` (the owner closes what was opening); it is tried again when wanted again.
 * (`part.load()` alone fetches it ahead of use, e.g. when the pointer comes over what opens it.)
 */
export function useLazyPart<M>(part: LazyPart<M>, wanted: boolean, onFailure: () => void): M | undefined {
  const [module, setModule] = useState(part.loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    part.load().then(
      (m) => live && setModule(() => m),
      (err: unknown) => {
        if (!live) return;
        console.error(err);
        toast.error(coreMessages.chunkLoadFailed);
        onFailure();
      },
    );
    return () => {
      live = false;
    };
    // onFailure is the owner's handler of the moment; a new one does not ask for another load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [part, wanted, module]);
  return module;
}
