import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { noChunkCycles } from './build/chunk-cycles.js';
import { chunkGroups } from './build/chunk-groups.js';
import { noReact, preactAliases, quietOnPreact } from './build/preact.js';
import { precompress } from './build/precompress.js';
import { routePreloads } from './build/route-preloads.js';

// react-router 7 points every import condition at its development build (dev warnings on, ~0.6 KB
// gzip more on every page: remix-run/react-router#12532, #14102). The production build of the
// same version ships beside it; a build uses that one when it is there.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// login.html's entry (the sign-in screen without the router), a build input beside index.html.
const signInEntry = path.resolve(import.meta.dirname, 'src/sign-in.tsx');
const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);

// Dev server: the API runs on :3000 (npm run dev starts both); /api and /uploads are proxied to it.
export default defineConfig(({ command }) => ({
  // precompress: .br/.gz beside each text file of dist, which the server sends as they are;
  // noChunkCycles: the build fails if two chunks import each other (build/chunk-cycles.ts);
  // routePreloads: /login's page, with its own entry (src/sign-in.tsx) and the sign-in screen
  // rendered in it, and Home's, the portal's entry with the code of Home (the router's layouts and
  // screen) and of its first calls announced beside it (build/route-preloads.ts);
  // noReact: the build fails if React or React DOM itself is bundled (build/preact.ts).
  // No React plugin: Vite compiles the JSX (tsconfig's react-jsx, whose runtime the aliases send to
  // Preact); React's Fast Refresh cannot drive Preact, so an edit in dev reloads the page.
  plugins: [
    tailwindcss(),
    noChunkCycles(),
    noReact(),
    routePreloads([
      {
        fileName: 'login.html',
        entryModule: signInEntry,
        prerender: {
          module: path.resolve(import.meta.dirname, 'build/prerender-login.tsx'),
          renderExport: 'renderSignInScreen',
        },
      },
      {
        fileName: 'home.html',
        entryModule: src('main.tsx'),
        alsoPreload: [
          src('app/query-layer.tsx'),
          src('app/shell/layout.tsx'),
          src('features/dashboard/dashboard-page.tsx'),
          src('app/first-calls.ts'),
        ],
      },
    ]),
    precompress(),
  ],
  resolve: {
    // React's names answered by preact/compat (build/preact.ts, docs/decisions/0019-portal-loading.md).
    alias: [
      ...preactAliases,
      ...(command === 'build' && existsSync(reactRouterProduction)
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // A few chunks per first screen instead of one per combination of screens sharing a module:
    // build/chunk-groups.ts (docs/decisions/0019-portal-loading.md).
    rolldownOptions: {
      input: { index: path.resolve(import.meta.dirname, 'index.html'), 'sign-in': signInEntry },
      output: { codeSplitting: { groups: chunkGroups(path.resolve(import.meta.dirname, 'src')) } },
      onwarn: (warning, warn) => (quietOnPreact(warning) ? undefined : warn(warning)),
    },
  },
}));
