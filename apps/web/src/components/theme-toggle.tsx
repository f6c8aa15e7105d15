import { useTheme } from '../lib/theme';
import { Glyph } from './glyph';

const sun =
  'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2m0 18v2M4.2 4.2l1.4 1.4m12.8 12.8 1.4 1.4M1 12h2m18 0h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4';
const moon = 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z';

/**
 * The light/dark switch (docs/behaviour.md §2): in the shell's top bar and on the sign-in screen.
 * The choice is kept under 'color-theme'; until one is made the system's preference applies.
 * What it shows and its name follow the theme class on <html> by CSS alone, not the render: on
 * login.html, whose HTML is drawn at build time and taken over by the page's script as it is, the
 * button is right from the first paint in either theme.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const [, toggleTheme] = useTheme();
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className={`rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 ${className}`}
    >
      <span className="sr-only dark:hidden">Switch to dark theme</span>
      <span className="sr-only hidden dark:inline">Switch to light theme</span>
      <Glyph d={moon} className="size-5 dark:hidden" />
      <Glyph d={sun} className="hidden size-5 dark:block" />
    </button>
  );
}
