import { act, renderHook } from '@testing-library/react';
import { limits } from '@strideadmin/contract';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { bulkDeleteInChunks } from '../../src/lib/bulk-delete';
import {
  commitAllPendingDeletes,
  hiddenIds,
  pendingDeletes,
  scheduleDelete,
  undoDelete,
  useHiddenIds,
} from '../../src/lib/pending-deletes';
import { api } from '../../src/lib/api-client';
import { session } from '../../src/lib/session';
import { signOut } from '../../src/lib/sign-out';
import { dismissToast, useToasts } from '../../src/lib/toast';
import { jsonResponse, makeUser, stubFetch } from '../support/fixtures';

/** A pending delete of `ids` from /users whose commit is a spy. */
function schedule(ids: number[]) {
  const commit = vi.fn(() => Promise.resolve());
  let key = 0;
  act(() => void (key = scheduleDelete({ scope: '/users', ids, what: `${ids.length} users`, commit })));
  return { key, commit };
}

/** Lets the promise callbacks of a commit run. */
const settle = () => act(async () => void (await Promise.resolve()));

describe('pending deletes (docs/behaviour.md §12 "Selection and undo")', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void act(() => void vi.runOnlyPendingTimers()));

  test('hides the rows at once and toasts "<N> will be deleted." with Undo, which stays until the time is up', () => {
    const toasts = renderHook(() => useToasts());
    const hidden = renderHook(() => useHiddenIds('/users'));
    schedule([2, 3]);

    expect([...hidden.result.current]).toEqual([2, 3]);
    expect(hiddenIds('/giftcard').size).toBe(0);
    expect(toasts.result.current).toEqual([
      expect.objectContaining({
        message: '2 users will be deleted.',
        action: expect.objectContaining({ label: 'Undo' }),
      }),
    ]);
    // Longer than an ordinary toast: it is still there after 3000 ms.
    act(() => void vi.advanceTimersByTime(limits.toastMs + 1));
    expect(toasts.result.current.map((t) => t.message)).toEqual(['2 users will be deleted.']);
  });

  test('Undo brings the rows back and the server is never asked, not even when the time runs out', async () => {
    const toasts = renderHook(() => useToasts());
    const hidden = renderHook(() => useHiddenIds('/users'));
    const { commit } = schedule([5]);

    act(() => toasts.result.current[0]!.action!.onClick());
    expect(hidden.result.current.size).toBe(0);
    expect(toasts.result.current).toEqual([]);
    expect(pendingDeletes()).toEqual([]);

    act(() => void vi.advanceTimersByTime(limits.undoMs * 2));
    await settle();
    expect(commit).not.toHaveBeenCalled();
  });

  test('after limits.undoMs it commits once; the rows stay hidden until the commit has ended', async () => {
    const hidden = renderHook(() => useHiddenIds('/users'));
    let finish = () => {};
    const commit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let key = 0;
    act(() => void (key = scheduleDelete({ scope: '/users', ids: [9], what: '1 user', commit })));

    act(() => void vi.advanceTimersByTime(limits.undoMs - 1));
    expect(commit).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith(expect.objectContaining({ keepalive: false }));
    expect(pendingDeletes()).toEqual([expect.objectContaining({ key, state: 'committing' })]);
    // Too late to undo now.
    expect(undoDelete(key)).toBe(false);
    expect([...hidden.result.current]).toEqual([9]);

    await act(async () => finish());
    // Un-hidden on the next tick, after the refetched list has reached the screen.
    expect([...hidden.result.current]).toEqual([9]);
    await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
    expect(hidden.result.current.size).toBe(0);
    expect(pendingDeletes()).toEqual([]);
  });

  test('closing the toast commits at once, and only once', async () => {
    const toasts = renderHook(() => useToasts());
    const { commit } = schedule([1]);
    act(() => dismissToast(toasts.result.current[0]!.id));
    expect(commit).toHaveBeenCalledTimes(1);
    expect(toasts.result.current).toEqual([]);
    act(() => void vi.advanceTimersByTime(limits.undoMs));
    await settle();
    expect(commit).toHaveBeenCalledTimes(1);
  });

  test('the page unloading sends every waiting delete with keepalive', () => {
    const a = schedule([1]);
    const b = schedule([2]);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(a.commit).toHaveBeenCalledWith(expect.objectContaining({ keepalive: true }));
    expect(b.commit).toHaveBeenCalledWith(expect.objectContaining({ keepalive: true }));
    // beforeunload after pagehide sends nothing twice.
    act(() => void window.dispatchEvent(new Event('beforeunload')));
    commitAllPendingDeletes({ keepalive: true });
    expect(a.commit).toHaveBeenCalledTimes(1);
  });

  test('a commit shows its progress in a toast of its own, closed when it ends', async () => {
    const toasts = renderHook(() => useToasts());
    let finish = () => {};
    act(
      () =>
        void scheduleDelete({
          scope: '/users',
          ids: [1, 2],
          what: '2 users',
          commit: ({ progress }) => {
            progress('Deleting 2 users: 0 of 2 done.');
            progress('Deleting 2 users: 1 of 2 done.');
            return new Promise<void>((resolve) => (finish = resolve));
          },
        }),
    );
    act(() => void vi.advanceTimersByTime(limits.undoMs));
    expect(toasts.result.current.map((t) => t.message)).toEqual(['Deleting 2 users: 1 of 2 done.']);
    await act(async () => finish());
    expect(toasts.result.current).toEqual([]);
  });
});

describe('bulkDeleteInChunks', () => {
  const answer = (ids: number[]) =>
    jsonResponse(200, {
      message: `${ids.length} deleted.`,
      body: { deleted: ids.filter((id) => id !== 7), refused: ids.includes(7) ? [{ id: 7, message: 'Nope.' }] : [] },
    });

  test('sends at most limits.bulkDeleteMax ids per call, one call after the other, with progress', async () => {
    let inFlight = 0;
    let most = 0;
    const api = stubFetch(async (req) => {
      most = Math.max(most, ++inFlight);
      await Promise.resolve();
      inFlight--;
      return answer((req.body as { ids: number[] }).ids);
    });
    const ids = Array.from({ length: 2500 }, (_, i) => i + 1);
    const progress = vi.fn();

    const outcome = await bulkDeleteInChunks('/users', ids, { onProgress: progress });

    expect(api.seen.map((r) => [r.method, r.url.pathname, (r.body as { ids: number[] }).ids.length])).toEqual([
      ['POST', '/api/users/bulk-delete', 1000],
      ['POST', '/api/users/bulk-delete', 1000],
      ['POST', '/api/users/bulk-delete', 500],
    ]);
    expect((api.seen[2]!.body as { ids: number[] }).ids[0]).toBe(2001);
    expect(most).toBe(1);
    expect(progress.mock.calls).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
    expect(outcome.deleted).toHaveLength(2499);
    expect(outcome.refused).toEqual([{ id: 7, message: 'Nope.' }]);
    expect(outcome.messages).toEqual(['1000 deleted.', '1000 deleted.', '500 deleted.']);
    expect(outcome.error).toBeUndefined();
  });

  test('a failed call stops there: the later ids are not sent, and the error is in the outcome', async () => {
    let calls = 0;
    const api = stubFetch((req) =>
      ++calls === 2 ? jsonResponse(500, { message: 'Boom' }) : answer((req.body as { ids: number[] }).ids),
    );
    const outcome = await bulkDeleteInChunks(
      '/quiz',
      Array.from({ length: 3000 }, (_, i) => i + 100),
    );
    expect(api.seen).toHaveLength(2);
    expect(outcome.deleted).toHaveLength(1000);
    expect(outcome.error).toMatchObject({ status: 500, message: 'Boom' });
  });

  test('while the page unloads every call goes at once, with keepalive', async () => {
    const api = stubFetch((req) => answer((req.body as { ids: number[] }).ids));
    const fetchSpy = api.fetchMock;
    await bulkDeleteInChunks(
      '/giftcard',
      Array.from({ length: 1500 }, (_, i) => i + 1),
      { keepalive: true },
    );
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    for (const call of fetchSpy.mock.calls) expect(call[1]).toMatchObject({ keepalive: true, method: 'POST' });
  });
});

// Real timers: the logout call's own timeout and the un-hide tick run for real.
describe('Logout with a delete in its Undo window', () => {
  test('Logout sends a waiting delete first, while the session still stands, then ends the session', async () => {
    const { seen } = stubFetch(() => jsonResponse(200, { message: 'ok' }));
    session.signIn(makeUser(), 'jwt-abc');
    const commit = vi.fn(() => api('/users/5', { method: 'DELETE' }).then(() => undefined));
    act(() => void scheduleDelete({ scope: '/users', ids: [5], what: '1 user', commit }));
    await act(async () => signOut());
    expect(commit).toHaveBeenCalledTimes(1);
    expect(seen.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['DELETE /api/users/5', 'POST /api/auth/logout']);
    expect(seen[0]?.headers.authorization).toBe('Bearer jwt-abc');
    expect(session.get()).toBeNull();
    expect(pendingDeletes()).toEqual([]);
  });
});
