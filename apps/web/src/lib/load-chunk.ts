import { limits } from '@strideadmin/contract';

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

function timeout(ms: number) {
  return new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms));
}

/**
 * Loads a screen's code. A failed import (dropped connection, a new deploy removed the old
 * chunk) is tried once more; one that never answers gives up after 120 s (docs/behaviour.md §9). Either way
 * the route's error element shows a message with a retry, never a blank page.
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  opts: { timeoutMs: number; retryDelayMs: number } = { timeoutMs: limits.chunkLoadTimeoutMs, retryDelayMs: 400 },
): Promise<T> {
  try {
    return await Promise.race([importer(), timeout(opts.timeoutMs)]);
  } catch {
    await new Promise((r) => setTimeout(r, opts.retryDelayMs));
    try {
      return await Promise.race([importer(), timeout(opts.timeoutMs)]);
    } catch (err) {
      throw new ChunkLoadError(err);
    }
  }
}
