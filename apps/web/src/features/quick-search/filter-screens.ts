/** A screen the palette can open (the shell passes the list in). */
export interface PaletteScreen {
  label: string;
  to: string;
  section: string;
}

/**
 * The screens whose title matches `text` (docs/behaviour.md §12 Quick search), closest first: the
 * title starts with the text; then one of its words does; then each typed word starts a word of the
 * title or of its sidebar section ("user add"); then the title merely contains the text. The given
 * order within each. Case and extra spaces do not matter; empty text matches every screen.
 */
export function filterScreens<S extends PaletteScreen>(screens: readonly S[], text: string): S[] {
  const q = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (q === '') return [...screens];
  const typed = q.split(' ');
  const rank = (s: S) => {
    const title = s.label.toLowerCase();
    if (title.startsWith(q)) return 0;
    if (title.includes(` ${q}`)) return 1;
    const words = `${title} ${s.section.toLowerCase()}`.split(' ');
    if (typed.every((t) => words.some((w) => w.startsWith(t)))) return 2;
    return title.includes(q) ? 3 : null;
  };
  return screens
    .map((s, i) => ({ s, i, r: rank(s) }))
    .filter((x): x is { s: S; i: number; r: number } => x.r !== null)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.s);
}
