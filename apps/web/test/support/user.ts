import { act, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';

/**
 * user-event on fake timers, so type-ahead timing (350 ms, docs/behaviour.md §9) is exact rather than raced.
 * Testing Library's async wrapper flushes with a setTimeout(0) that only it advances, and it only
 * recognises Jest's fake timers (testing-library/react-testing-library#1197): the `jest` stub
 * lets it advance Vitest's. The setup file removes the stub and restores real timers.
 */
export function setupFakeTimedUser() {
  vi.useFakeTimers();
  const advance = (ms: number) => vi.advanceTimersByTime(ms);
  vi.stubGlobal('jest', { advanceTimersByTime: advance });
  const user = userEvent.setup({ advanceTimers: advance });
  /** Lets `ms` of (fake) time pass, including animation frames. */
  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
  /** Like `wait`, and lets the promises started meanwhile (a delete sent after its Undo window) settle in act. */
  const elapse = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  return { user, wait, elapse };
}

/**
 * The item a popup list (Menu, Select) marks active, read the way assistive technology reads it
 * (aria-activedescendant), checked against the styling hook (data-focus) of the one active item.
 */
export function activeItemText(list: HTMLElement): string | null {
  const id = list.getAttribute('aria-activedescendant');
  const active = id ? document.getElementById(id) : null;
  const styled = Array.from(list.querySelectorAll('[data-focus]'));
  expect(styled).toEqual(active ? [active] : []);
  return active?.textContent ?? null;
}

/**
 * The accessible name of a Select's button with this label, whatever it shows: the button is named
 * by its label and its value ("Date range Today", components/select.tsx).
 */
export const selectNamed = (label: string) => new RegExp(`^${label} `);

/**
 * Sets a date or date-and-time input the way Chromium does when a date is picked or typed: the
 * new value, an `input` event, then `change`. Preact's onChange on such an input listens to
 * `input` (each edit, as the browser reports it), so a lone `change` event, which React DOM also
 * heard, no longer reaches the form.
 */
export function pickDate(input: HTMLElement, value: string) {
  fireEvent.input(input, { target: { value } });
  fireEvent.change(input);
}
