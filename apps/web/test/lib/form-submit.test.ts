import { coreMessages } from '@strideadmin/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/lib/api-client';
import { useFormSubmit } from '../../src/lib/form-submit';

describe('useFormSubmit', () => {
  test("a failed save shows the error's message, and the next submit clears it first", async () => {
    let finish = () => {};
    const outcomes: Array<() => Promise<void>> = [
      () => Promise.reject(new ApiError(409, 'Email already exists.')),
      () => new Promise<void>((resolve) => (finish = resolve)),
    ];
    const { result } = renderHook(() => useFormSubmit((n: number) => outcomes[n]!()));

    await act(() => result.current.onSubmit(0));
    expect(result.current.formError).toBe('Email already exists.');

    let second: Promise<void> = Promise.resolve();
    await act(async () => {
      second = result.current.onSubmit(1);
    });
    expect(result.current.formError).toBeNull(); // cleared while the save runs
    await act(async () => {
      finish();
      await second;
    });
    expect(result.current.formError).toBeNull();
  });

  test('no answer from the server: the no-response message', async () => {
    const { result } = renderHook(() => useFormSubmit(() => Promise.reject(new TypeError('offline'))));
    await act(() => result.current.onSubmit(undefined));
    expect(result.current.formError).toBe(coreMessages.noResponse);
  });

  test("onError decides the form's message (null: none); a save may resolve with a refusal to show", async () => {
    const seen: unknown[] = [];
    const failing = renderHook(() =>
      useFormSubmit(
        () => Promise.reject(new ApiError(400, 'Too common.')),
        (err) => {
          seen.push(err);
          return null;
        },
      ),
    );
    await act(() => failing.result.current.onSubmit(undefined));
    expect(seen).toEqual([expect.objectContaining({ message: 'Too common.' })]);
    expect(failing.result.current.formError).toBeNull();

    const refused = renderHook(() => useFormSubmit(() => Promise.resolve(coreMessages.onlyAdmin)));
    await act(() => refused.result.current.onSubmit(undefined));
    expect(refused.result.current.formError).toBe(coreMessages.onlyAdmin);
  });
});
