// First: React's autoFocus on Preact, before anything renders (lib/auto-focus.ts).
import './lib/auto-focus';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { Toaster } from './components/toaster';
import { session } from './lib/session';
import { applyTheme } from './lib/theme';
import './index.css';

applyTheme();
// The router starts loading the first screen's chunks now; meanwhile a stored session's check
// is loaded (only when one is stored), so the guards can read it on the first render. A check
// that cannot be loaded surfaces there, in the route's error element with a retry.
// (No top-level await: it would keep the modules the screens share out of this entry chunk.)
const router = createRouter();

function render() {
  // TanStack Query is provided by the routes that use it (app/query-layer): /login does without.
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
      <Toaster />
    </StrictMode>,
  );
}

session.ready().then(render, render);
