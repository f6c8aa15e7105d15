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

  test('a hanging import times out, is tried once more, then throws ChunkLoadError', async () => {
    const importer = vi.fn(() => new Promise<never>(() => undefined));
    const err = await loadChunk(importer, { timeoutMs: 20, retryDelayMs: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect(String((err as ChunkLoadError).cause)).toContain('timed out after 20 ms');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  test('by default it waits 120 s per try (docs/behaviour.md §9), with a short pause before the retry', async () => {
    vi.useFakeTimers();
    const importer = vi.fn(() => new Promise<never>(() => undefined));
    let outcome: unknown = 'pending';
    void loadChunk(importer).catch((e: unknown) => (outcome = e));

    await vi.advanceTimersByTimeAsync(119_999);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(outcome).toBe('pending');

    await vi.advanceTimersByTimeAsync(1); // first try gives up at 120 s
    await vi.advanceTimersByTimeAsync(400); // then one retry
    expect(importer).toHaveBeenCalledTimes(2);
    expect(outcome).toBe('pending');

    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
  });
});
