import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { dismissToast, showToast, toast, useToasts } from '../../src/lib/toast';

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    // Leave no toast behind for the next test (the list is module state).
    act(() => void vi.runOnlyPendingTimers());
  });

  test('showToast adds a toast that closes by itself after exactly 3000 ms (docs/behaviour.md §9)', () => {
    const { result } = renderHook(() => useToasts());

    act(() => void showToast('Saved.', 'success'));
    expect(result.current).toEqual([{ id: expect.any(Number), kind: 'success', message: 'Saved.' }]);

    act(() => void vi.advanceTimersByTime(2999));
    expect(result.current.map((t) => t.message)).toEqual(['Saved.']);

    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toEqual([]);
  });

  test('the same message twice at once is shown once; a different one is added', () => {
    const { result } = renderHook(() => useToasts());

    let first = 0;
    let second = 0;
    act(() => {
      first = toast.error('Load failed');
      second = toast.error('Load failed');
      toast.error('Another failure');
    });

    expect(second).toBe(first);
    expect(result.current.map((t) => t.message)).toEqual(['Load failed', 'Another failure']);
  });

  test('the same text with another kind is a different toast', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast.info('Done');
      toast.success('Done');
    });
    expect(result.current.map((t) => t.kind)).toEqual(['info', 'success']);
  });

  test('dismissToast closes one toast early and leaves the others', () => {
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = showToast('first');
      showToast('second');
    });
    act(() => dismissToast(id));
    expect(result.current.map((t) => t.message)).toEqual(['second']);
  });
});
