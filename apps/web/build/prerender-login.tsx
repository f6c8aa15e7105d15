// The sign-in screen rendered to HTML at build time, for dist/login.html (build/route-preloads.ts):
// the page the browser paints before any script has run is the form itself, not an empty page.
// The tree login.html's entry hydrates (app/sign-in-root.tsx), rendered by Preact's renderer to
// a string: the browser's first render is the same tree, and takes these elements over
// (src/sign-in.tsx). docs/decisions/0019-portal-loading.md.
import { renderToString } from 'preact-render-to-string';
import { SignInRoot } from '../src/app/sign-in-root';

export function renderSignInScreen(): string {
  // Moves are the browser's, once its entry has run; none is made while rendering.
  return renderToString(<SignInRoot navigation={{ navigate: () => undefined }} />);
}
