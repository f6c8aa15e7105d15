import { limits } from '@strideadmin/contract';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** `promise`, or a rejection once `deadline` (a Date.now() time) has passed; the timer is always cleared. */
function before<T>(promise: Promise<T>, deadline: number, totalMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${totalMs} ms`)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/**
 * Loads a screen's code. A failed import (dropped connection, a new deploy removed the old
 * chunk) is tried once more after a short pause; the whole load, retry included, gives up 120 s
 * after it started (docs/behaviour.md §9): a chunk that never answers is not waited for twice.
 * Either way the route's error element shows a message with a retry, never a blank page.
 */
export async function loadChunk<T>(
  importer: (() => Promise<T>) | Importer<T>,
  opts: { timeoutMs: number; retryDelayMs: number } = { timeoutMs: limits.chunkLoadTimeoutMs, retryDelayMs: 400 },
): Promise<T> {
  if ('loaded' in importer && importer.loaded !== undefined) return importer.loaded;
  const deadline = Date.now() + opts.timeoutMs;
  try {
    return await before(importer(), deadline, opts.timeoutMs);
  } catch (first) {
    // No time left for another try: the first failure is the answer.
    if (Date.now() + opts.retryDelayMs >= deadline) throw new ChunkLoadError(first);
    await new Promise((r) => setTimeout(r, opts.retryDelayMs));
    try {
      return await before(importer(), deadline, opts.timeoutMs);
    } catch (err) {
      throw new ChunkLoadError(err);
    }
  }
}

/** An importer that remembers its module once loaded (see `importer`). */
export type Importer<T> = (() => Promise<T>) & { readonly loaded: T | undefined };

/**
 * An importer that, once its module has loaded, gives it at once: a resolved promise, read in the
 * same task. `import()` of a module already loaded still answers a task later in Chromium (a
 * frame may come in between): after a sign-in, the screens' code fetched while the form was typed
 * in (app/router.tsx) reached the router only then. A failed load is not remembered.
 */
export function importer<T>(load: () => Promise<T>): Importer<T> {
  let loaded: T | undefined;
  const get = () => (loaded !== undefined ? Promise.resolve(loaded) : load().then((m) => (loaded = m)));
  return Object.defineProperty(get, 'loaded', { get: () => loaded }) as Importer<T>;
}
