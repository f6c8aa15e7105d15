import { messages } from '@strideadmin/contract';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../src/lib/api-client';
import { createQueryClient, handleApiError } from '../../src/lib/query-client';
import { session } from '../../src/lib/session';
import { useToasts } from '../../src/lib/toast';
import { expectConsole } from '../support/console';
import { makeUser } from '../support/fixtures';

/** The toasts a user would see right now, as [kind, message]. */
function watchToasts() {
  const { result } = renderHook(() => useToasts());
  return () => result.current.map((t) => [t.kind, t.message]);
}

describe('the error policy (docs/behaviour.md §8)', () => {
  beforeEach(() => {
    // Toasts close on a timer; fake time keeps one test's toasts out of the next.
    vi.useFakeTimers();
  });

  test("'Unauthorized' while signed in: toast 'Session expired. Please login again.' and sign out", () => {
    session.signIn(makeUser(), 'jwt');
    const toasts = watchToasts();

    act(() => handleApiError(new ApiError(401, 'Unauthorized')));

    expect(toasts()).toEqual([['error', 'Session expired. Please login again.']]);
    expect(session.get()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  test("'Unauthorized' while already signed out shows nothing", () => {
    const toasts = watchToasts();
    act(() => handleApiError(new ApiError(401, 'Unauthorized')));
    expect(toasts()).toEqual([]);
  });

  test('any other server message is shown as a toast, and the session is kept', () => {
    session.signIn(makeUser(), 'jwt');
    const toasts = watchToasts();

    act(() => handleApiError(new ApiError(403, 'Forbidden')));
    act(() => handleApiError(new ApiError(404, 'User not found.')));

    expect(toasts()).toEqual([
      ['error', 'Forbidden'],
      ['error', 'User not found.'],
    ]);
    expect(session.get()).not.toBeNull();
  });

  test('no response: the generic message', () => {
    const toasts = watchToasts();
    act(() => handleApiError(new ApiError(0, messages.noResponse)));
    expect(toasts()).toEqual([['error', 'Something went wrong. Please try again later.']]);
  });

  test('an unexpected error (a bug, not an answer) is logged and shown as the generic message', () => {
    expectConsole('error', 'boom');
    const toasts = watchToasts();
    act(() => handleApiError(new RangeError('boom')));
    expect(toasts()).toEqual([['error', messages.noResponse]]);
  });

  test('a failed load is logged and shown as a toast', async () => {
    expectConsole('warn', /Load failed:.*Server is down/);
    const client = createQueryClient();
    const toasts = watchToasts();

    await act(async () => {
      await client
        .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new ApiError(400, 'Server is down')) })
        .catch(() => undefined);
    });

    expect(toasts()).toEqual([['error', 'Server is down']]);
  });

  test('a failed mutation is shown as a toast, unless it asked to stay silent', async () => {
    const client = createQueryClient();
    const toasts = watchToasts();
    const fail = (message: string) => () => Promise.reject(new ApiError(409, message));

    await act(async () => {
      await client
        .getMutationCache()
        .build(client, { mutationFn: fail('Email already used') })
        .execute(undefined)
        .catch(() => undefined);
      await client
        .getMutationCache()
        .build(client, { mutationFn: fail('Quiet please'), meta: { silentError: true } })
        .execute(undefined)
        .catch(() => undefined);
    });

    expect(toasts()).toEqual([['error', 'Email already used']]);
  });

  test('a load is retried only when a retry could help: no answer or a 5xx, twice at most', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('retry should be a policy function');

    expect(retry(0, new ApiError(0, messages.noResponse))).toBe(true);
    expect(retry(1, new ApiError(503, 'down'))).toBe(true);
    expect(retry(2, new ApiError(503, 'down'))).toBe(false);
    expect(retry(0, new ApiError(404, 'Not found.'))).toBe(false);
    expect(retry(0, new ApiError(401, 'Unauthorized'))).toBe(false);
  });
});
