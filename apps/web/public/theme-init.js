// Kept in sync with src/lib/theme.ts: localStorage 'color-theme' = 'light' | 'dark', else the system preference.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('color-theme');
  } catch (e) {}
  var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
