import { useCallback, useSyncExternalStore } from 'react';
import { storageKeys } from '@strideadmin/contract';

/** docs/behaviour.md §2: the theme is kept under 'color-theme' and defaults to the system preference. */
export type Theme = 'light' | 'dark';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

export function storedTheme(): Theme | null {
  const v = localStorage.getItem(storageKeys.theme);
  return v === 'light' || v === 'dark' ? v : null;
}

export function currentTheme(): Theme {
  // Drawn at build time (login.html's HTML, build/prerender-login.tsx): no browser, light.
  if (typeof window === 'undefined') return 'light';
  return storedTheme() ?? (media().matches ? 'dark' : 'light');
}

export function applyTheme(theme: Theme = currentTheme()) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  localStorage.setItem(storageKeys.theme, theme);
  applyTheme(theme);
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  const m = media();
  // Following the system while the user has not chosen.
  const onSystem = () => {
    if (!storedTheme()) {
      applyTheme();
      l();
    }
  };
  m.addEventListener('change', onSystem);
  return () => {
    listeners.delete(l);
    m.removeEventListener('change', onSystem);
  };
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore<Theme>(subscribe, currentTheme, () => 'light');
  const toggle = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return [theme, toggle];
}
