import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { applyTheme, currentTheme, setTheme, useTheme } from '../../src/lib/theme';
import { stubMatchMedia } from '../support/fixtures';

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme (docs/behaviour.md §2: kept under color-theme, defaults to the system preference)', () => {
  afterEach(() => {
    document.documentElement.classList.remove('dark');
  });

  test.each([
    [true, 'dark'],
    [false, 'light'],
  ] as const)('with nothing stored it follows the system (prefers dark: %s → %s)', (prefersDark, expected) => {
    stubMatchMedia(prefersDark);
    expect(currentTheme()).toBe(expected);
    applyTheme();
    expect(isDark()).toBe(expected === 'dark');
  });

  test('a stored choice wins over the system preference', () => {
    stubMatchMedia(true);
    localStorage.setItem('color-theme', 'light');
    expect(currentTheme()).toBe('light');

    stubMatchMedia(false);
    localStorage.setItem('color-theme', 'dark');
    expect(currentTheme()).toBe('dark');
  });

  test('an unknown stored value is ignored', () => {
    stubMatchMedia(true);
    localStorage.setItem('color-theme', 'purple');
    expect(currentTheme()).toBe('dark');
  });

  test('setTheme writes color-theme and toggles the dark class on <html>', () => {
    stubMatchMedia(false);
    setTheme('dark');
    expect(localStorage.getItem('color-theme')).toBe('dark');
    expect(isDark()).toBe(true);

    setTheme('light');
    expect(localStorage.getItem('color-theme')).toBe('light');
    expect(isDark()).toBe(false);
  });

  test('useTheme toggles between dark and light and re-renders', () => {
    stubMatchMedia(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current[0]).toBe('light');

    act(() => result.current[1]());
    expect(result.current[0]).toBe('dark');
    expect(localStorage.getItem('color-theme')).toBe('dark');
    expect(isDark()).toBe(true);

    act(() => result.current[1]());
    expect(result.current[0]).toBe('light');
    expect(isDark()).toBe(false);
  });

  test('while the user has not chosen, a system change is followed', () => {
    const system = stubMatchMedia(false);
    const { result } = renderHook(() => useTheme());
    expect(result.current[0]).toBe('light');

    act(() => system.setDark(true));
    expect(result.current[0]).toBe('dark');
    expect(isDark()).toBe(true);
  });

  test('once the user has chosen, a system change is ignored', () => {
    const system = stubMatchMedia(false);
    const { result } = renderHook(() => useTheme());
    act(() => setTheme('light'));

    act(() => system.setDark(true));
    expect(result.current[0]).toBe('light');
    expect(isDark()).toBe(false);
  });
});
