// The sign-in screen rendered to HTML at build time, for dist/login.html (build/route-preloads.ts):
// the page the browser paints before any script has run is the form itself, not an empty page.
// The portal's own routes and root (app/app.tsx), in a memory router at /login, rendered by
// Preact's renderer to a string once the screen's code is loaded: the browser's first render is
// the same tree, and takes these elements over (main.tsx). docs/decisions/0019-portal-loading.md.
import { renderToString } from 'preact-render-to-string';
import { createMemoryRouter } from 'react-router';
import { App, firstScreenLoaded } from '../src/app/app';
import { routes } from '../src/app/router';
import { paths } from '../src/lib/paths';

export async function renderSignInScreen(): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [paths.login] });
  await firstScreenLoaded(router);
  const html = renderToString(<App router={router} />);
  router.dispose();
  return html;
}
