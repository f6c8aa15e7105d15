// First: React's autoFocus on Preact, before anything renders (lib/auto-focus.ts).
import './lib/auto-focus';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, firstScreenLoaded } from './app/app';
import { createRouter } from './app/router';
import { session } from './lib/session';
import { applyTheme } from './lib/theme';
import './index.css';

applyTheme();
// The router starts loading the first screen's chunks now; meanwhile a stored session's check
// is loaded (only when one is stored), so the guards can read it on the first render. A check
// that cannot be loaded surfaces there, in the route's error element with a retry.
// (No top-level await: it would keep the modules the screens share out of this entry chunk.)
const router = createRouter();
const root = document.getElementById('root')!;
// The screen's HTML from the build, when the page came with it (/login: build/prerender-login.tsx).
// The first render then waits for the screen's code and takes over those elements (what was typed
// stays typed) instead of replacing them with the loading spinner first.
const prerendered = root.hasChildNodes();

function render() {
  if (prerendered) hydrateRoot(root, <App router={router} />);
  else createRoot(root).render(<App router={router} />);
}

const ready = prerendered ? Promise.all([session.ready(), firstScreenLoaded(router)]) : session.ready();
ready.then(render, render);
