// First: React's autoFocus on Preact, before anything renders (lib/auto-focus.ts).
import './lib/auto-focus';
import { startPortal } from './app/boot';
import { applyTheme } from './lib/theme';
import './index.css';

// Every page but /login opened cold: login.html has its own entry (sign-in.tsx), which loads the
// portal (app/boot.tsx) when it is needed.
// (No top-level await: it would keep the modules the screens share out of this entry chunk.)
applyTheme();
startPortal(document.getElementById('root')!);
