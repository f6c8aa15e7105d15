import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, firstScreenLoaded } from './app';
import { paths } from '../lib/paths';
import { session } from '../lib/session';
import { signedInTarget, startFirstCallsFor } from './guards';
import { createRouter } from './router';

export { warmSignedIn } from './router';

/**
 * The portal started on the page the browser opened (main.tsx, also when login.html's entry,
 * src/sign-in.tsx, imports it with a session stored). The router starts loading the first screen's
 * chunks now and the first render follows at once (a stored session is read then: lib/session.ts);
 * on Home, its first calls start before both.
 * When the page came with the screen's HTML (login.html: build/prerender-login.tsx), the
 * first render waits for the screen's code and takes over those elements (what was typed stays
 * typed) instead of replacing them with the loading spinner first.
 */
export function startPortal(root: HTMLElement) {
  // Home opened with a session stored: its first calls (the shell's and the dashboard's,
  // app/first-calls.ts) start now, as after a sign-in, while the router makes its first screen;
  // Home's page (home.html) announced their code with the entry's, so they do not wait for the
  // router to ask for it. Home then finds them in flight.
  const { pathname, search } = window.location;
  if (pathname === paths.home && session.isStored()) startFirstCallsFor(pathname + search);
  const router = createRouter();
  const prerendered = root.hasChildNodes();
  const render = () => {
    if (prerendered) hydrateRoot(root, <App router={router} />);
    else createRoot(root).render(<App router={router} />);
  };
  if (prerendered) firstScreenLoaded(router).then(render, render);
  else render();
}

/** What the sign-in page on its own (src/sign-in.tsx) hands over to the portal. */
export type HandOver = { kind: 'link'; to: string } | { kind: 'signed-in' };

/**
 * The portal takes over from the sign-in page on its own (src/sign-in.tsx), in the same document:
 * its router starts at /login (reading the history's state, where a `from` may be), makes the move
 * the page asked for (a link's, or after the sign-in the signed-out guard's: to `from`, else Home)
 * and, once the screen it leads to has its code, replaces the page's tree by the portal's in one
 * render (the sign-in screen stays on show meanwhile; the toasts stay). A screen whose code cannot
 * be loaded shows its error element with a retry, as inside the portal.
 */
export async function takeOver(root: { render(children: ReactNode): void }, move: HandOver) {
  const router = createRouter();
  const target = move.kind === 'link' ? move.to : signedInTarget(router.state.location.state);
  if (move.kind === 'signed-in') startFirstCallsFor(target);
  await firstScreenLoaded(router);
  await router.navigate(target, { replace: move.kind === 'signed-in' });
  root.render(<App router={router} />);
}
