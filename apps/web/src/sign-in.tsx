// login.html's entry: /login opened cold (the server sends dist/login.html, the sign-in screen
// rendered at build time: build/prerender-login.tsx). The screen runs here without the router; the
// portal (app/boot.tsx: the router, the app root) is fetched once the administrator types, and
// takes over in the same document when the screen is left: after the sign-in, or by its link
// (takeOver). Every other page, and /login reached inside the portal, is main.tsx's.
// docs/decisions/0019-portal-loading.md, fifth pass.
// First: React's autoFocus on Preact, before anything renders (lib/auto-focus.ts).
import './lib/auto-focus';
import { hydrateRoot } from 'react-dom/client';
import type { HandOver } from './app/boot';
import { SignInRoot } from './app/sign-in-root';
import { importer, loadChunk } from './lib/load-chunk';
import type { Navigation } from './lib/navigation';
import { session } from './lib/session';
import { applyTheme } from './lib/theme';
import './index.css';

applyTheme();
const root = document.getElementById('root')!;
const importPortal = importer(() => import('./app/boot'));
const loadPortal = () => loadChunk(importPortal);

if (session.isStored()) {
  // A stored session (signed in, or data to check): the portal, as on any other page (main.tsx),
  // whose signed-out guard sends a signed-in administrator on (docs/behaviour.md §2).
  loadPortal().then(
    (portal) => portal.startPortal(root),
    () => location.reload(),
  );
} else {
  let view: ReturnType<typeof hydrateRoot> | undefined;
  let leaving = false;
  const leave = (move: HandOver) => {
    if (leaving || !view) return;
    leaving = true;
    const shown = view;
    // The portal's code that cannot be loaded: the same move by the browser (a page load).
    const byBrowser = () => (move.kind === 'link' ? location.assign(move.to) : location.reload());
    // Fetched while the form was typed in: taken over in this task (no wait for a module's answer).
    const portal = importPortal.loaded;
    if (portal) void portal.takeOver(shown, move);
    else loadPortal().then((p) => p.takeOver(shown, move), byBrowser);
  };
  const navigation: Navigation = { navigate: (to) => leave({ kind: 'link', to }) };
  // Signed in (this form, or another tab): on to where the sign-in was asked for, as the portal's
  // signed-out guard does (app/guards.tsx).
  session.subscribe(() => {
    if (session.get()) leave({ kind: 'signed-in' });
  });
  // Typing: the portal, then the signed-in screens' first code through the router's own importers
  // (warmSignedIn, app/router.tsx), ready for the take-over; a failure is left to the moment they
  // are needed, which loads them again.
  let warming = false;
  const onTyping = () => {
    if (warming) return;
    warming = true;
    loadPortal().then(
      (portal) => portal.warmSignedIn(),
      () => {
        warming = false;
      },
    );
  };
  const hydrate = () => {
    view = hydrateRoot(root, <SignInRoot navigation={navigation} onTyping={onTyping} />);
  };
  // The page's form is painted first, then taken over: the browser gets its frame before the
  // scripts' work (a frame, then a task after it); what is typed meanwhile stays typed. A page
  // opened in the background gets no frame: taken over at once.
  if (document.visibilityState === 'hidden') setTimeout(hydrate, 0);
  else requestAnimationFrame(() => setTimeout(hydrate, 0));
}
