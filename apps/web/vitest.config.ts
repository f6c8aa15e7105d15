import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './build/preact.js';

const packageDir = (name: string) => path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

// The unit tests render with Preact, as the build does (build/preact.ts). The runner loads a
// library of node_modules with Node itself, past the aliases, so one importing React would bring
// React DOM beside Preact ("Invalid hook call"): the libraries that import React are run through
// Vite instead (`inline`), each as its ES module build (Testing Library's package and React
// Router's Node condition name their CommonJS builds), and use-sync-external-store, CommonJS only
// (Headless UI's dialogs, menus and lists), is pre-bundled to an ES module, the aliases applied.
// Preact itself (and its renderer to HTML, build/prerender-login.tsx) is inlined too, so that every import of it (compat's, lib/auto-focus.ts's) is
// resolved by Vite to one copy: Node would pick another build of it, with its own `options`.
export default defineConfig({
  resolve: {
    alias: [
      ...preactAliases,
      {
        find: /^@testing-library\/react$/,
        replacement: path.join(packageDir('@testing-library/react'), 'dist/@testing-library/react.esm.js'),
      },
      { find: /^react-router$/, replacement: path.join(packageDir('react-router'), 'dist/development/index.mjs') },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    deps: {
      optimizer: {
        client: { enabled: true, include: ['use-sync-external-store/with-selector', 'use-sync-external-store/shim'] },
      },
    },
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/](?:\.vite|preact|preact-render-to-string|@testing-library[\\/]react|@headlessui|@floating-ui|@react-aria|react-aria|@react-stately|react-stately|@tanstack|react-router|react-hook-form|@hookform)[\\/]/,
        ],
      },
    },
  },
});
