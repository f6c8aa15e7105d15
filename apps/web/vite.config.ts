import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { noChunkCycles } from './build/chunk-cycles.js';
import { chunkGroups } from './build/chunk-groups.js';
import { precompress } from './build/precompress.js';
import { routePreloads } from './build/route-preloads.js';

// react-router 7 points every import condition at its development build (dev warnings on, ~0.6 KB
// gzip more on every page: remix-run/react-router#12532, #14102). The production build of the
// same version ships beside it; a build uses that one when it is there.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Dev server: the API runs on :3000 (npm run dev starts both); /api and /uploads are proxied to it.
export default defineConfig(({ command }) => ({
  // precompress: .br/.gz beside each text file of dist, which the server sends as they are;
  // noChunkCycles: the build fails if two chunks import each other (build/chunk-cycles.ts);
  // routePreloads: /login's page announces the sign-in screen's chunks in its head (build/route-preloads.ts).
  plugins: [
    react(),
    tailwindcss(),
    noChunkCycles(),
    routePreloads([
      { fileName: 'login.html', screenModule: path.resolve(import.meta.dirname, 'src/features/auth/login-page.tsx') },
    ]),
    precompress(),
  ],
  resolve: {
    alias:
      command === 'build' && existsSync(reactRouterProduction)
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
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
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(path.resolve(import.meta.dirname, 'src')) } } },
  },
}));
