import { describe, expect, test, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from '../../src/lib/load-chunk';

const quick = { timeoutMs: 50, retryDelayMs: 5 };
const screenModule = { Screen: 'the screen' };

describe('loadChunk', () => {
  test('a chunk that loads is returned after one try', async () => {
    const importer = vi.fn(() => Promise.resolve(screenModule));
    await expect(loadChunk(importer, quick)).resolves.toBe(screenModule);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  test('a failed import is tried once more, and the second try is used', async () => {
    const importer = vi
      .fn<() => Promise<typeof screenModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(screenModule);

    await expect(loadChunk(importer, quick)).resolves.toBe(screenModule);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  test('an import failing twice throws ChunkLoadError, carrying the last failure', async () => {
    const second = new TypeError('still failing');
    const importer = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('first failure'))
      .mockRejectedValueOnce(second);

    const err = await loadChunk(importer, quick).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).cause).toBe(second);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  test('a hanging import is given up at the deadline, not tried again', async () => {
    const importer = vi.fn(() => new Promise<never>(() => undefined));
    const err = await loadChunk(importer, { timeoutMs: 20, retryDelayMs: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(String((err as ChunkLoadError).cause)).toContain('timed out after 20 ms');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  test('by default the whole load, retry included, gives up 120 s after it began (docs/behaviour.md §9)', async () => {
    vi.useFakeTimers();
    try {
      // The first try fails after 60 s; the second hangs: it gets what is left of the 120 s, not 120 s more.
      const importer = vi
        .fn<() => Promise<unknown>>()
        .mockImplementationOnce(
          () => new Promise((_, reject) => setTimeout(() => reject(new TypeError('dropped')), 60_000)),
        )
        .mockImplementationOnce(() => new Promise<never>(() => undefined));
      let outcome: unknown = 'pending';
      void loadChunk(importer).catch((e: unknown) => (outcome = e));

      await vi.advanceTimersByTimeAsync(60_000);
      await vi.advanceTimersByTimeAsync(400); // a short pause, then the retry
      expect(importer).toHaveBeenCalledTimes(2);
      expect(outcome).toBe('pending');

      await vi.advanceTimersByTimeAsync(59_599);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1); // 120 s since the start
      expect(outcome).toBeInstanceOf(ChunkLoadError);
      expect(String((outcome as ChunkLoadError).cause)).toContain('timed out after 120000 ms');
      // No timer is left behind to fire later.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a chunk that loads leaves no timer running', async () => {
    vi.useFakeTimers();
    try {
      await loadChunk(() => Promise.resolve(screenModule));
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
