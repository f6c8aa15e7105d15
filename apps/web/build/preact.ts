// The portal renders with Preact through preact/compat, not React DOM
// (docs/decisions/0019-portal-loading.md, "Preact"). The sources and the libraries (React Router,
// TanStack Query, Headless UI, react-hook-form, Testing Library) import React's names; these
// aliases send every one of those imports to Preact's compat layer, in the build, the dev server
// and the unit tests alike, so the tests run the renderer that ships.
import type { Plugin } from 'vite';

type Alias = { find: RegExp; replacement: string };

/** React's import paths and the module of Preact that answers each (exact names only). */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/** A module of React or React DOM themselves (what the aliases keep out of the build). */
const reactModule = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;

/** The modules of React or React DOM themselves among the modules of `chunks`. */
export function reactModulesIn(chunks: readonly { modules: Record<string, unknown> }[]): string[] {
  return chunks.flatMap((c) => Object.keys(c.modules).filter((id) => reactModule.test(id)));
}

/**
 * Fails the build when a module of React or React DOM is bundled: an import path the aliases do
 * not cover (a new library's `react-dom/server`, `react/compiler-runtime`...) would otherwise ship
 * React beside Preact, or React's hooks with no React renderer to run them.
 */
export function noReact(): Plugin {
  return {
    name: 'strideadmin:no-react',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = reactModulesIn(Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : [])));
      if (found.length > 0)
        this.error(
          `React itself is bundled beside Preact; alias its import path (build/preact.ts): ${found.join(', ')}`,
        );
    },
  };
}

type Warning = { code?: string; message: string };

/**
 * The build's warnings that say nothing wrong on Preact: Headless UI's `"use client"` directives
 * (meaningful to React Server Components only; React's Vite plugin silenced them too), and React
 * Router reading React 19's `use` and `useOptimistic`, which compat lacks: React Router looks each
 * up by name and falls back when it is undefined (its RSC server code and RouterProvider's opt-in
 * transitions, neither used by the portal).
 */
export function quietOnPreact(warning: Warning): boolean {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return /"use (client|server)"/.test(warning.message);
  if (warning.code === 'IMPORT_IS_UNDEFINED')
    return /Import `(?:use|useOptimistic)` will always be undefined [^\n]*preact[\\/]compat[\s\S]*[\\/]react-router[\\/]/.test(
      warning.message,
    );
  return false;
}
