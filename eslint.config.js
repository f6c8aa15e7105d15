// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * docs/architecture.md's boundaries as lint rules, so the house rules are facts:
 * - a web feature never imports another feature, nor the app layer that composes features;
 * - an API module never reaches into another module's internals (its index.ts is the door).
 */
const boundaries = {
  rules: {
    'module-boundaries': {
      meta: { type: 'problem', schema: [], messages: { crossFeature: '{{why}}' } },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const web = /\/apps\/web\/src\/features\/([^/]+)\//.exec(file);
        const api = /\/apps\/api\/src\/modules\/([^/]+)\//.exec(file);
        if (!web && !api) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = path.resolve(path.dirname(context.filename), source).split(path.sep).join('/');
          if (web) {
            const m = /\/apps\/web\/src\/features\/([^/]+)/.exec(target);
            if (m && m[1] !== web[1])
              context.report({
                node,
                messageId: 'crossFeature',
                data: { why: `feature '${web[1]}' must not import feature '${m[1]}' (docs/architecture.md)` },
              });
            if (/\/apps\/web\/src\/app(\/|$)/.test(target))
              context.report({
                node,
                messageId: 'crossFeature',
                data: { why: `features must not import the app layer (docs/architecture.md)` },
              });
          }
          if (api) {
            const m = /\/apps\/api\/src\/modules\/([^/]+)(\/.*)?$/.exec(target);
            if (m && m[1] !== api[1] && !/^\/index(\.js|\.ts)?$/.test(m[2] ?? ''))
              context.report({
                node,
                messageId: 'crossFeature',
                data: {
                  why: `module '${api[1]}' may use module '${m[1]}' only through its index.ts (docs/architecture.md)`,
                },
              });
          }
        };
        return {
          ImportDeclaration: (n) => check(n, n.source.value),
          ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
          ExportAllDeclaration: (n) => check(n, n.source.value),
          ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tmp/**',
      'data/**',
      'apps/api/drizzle/**',
      'bench/results/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { house: boundaries },
    rules: {
      'house/module-boundaries': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and handlers are async by convention, with or without an await.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts only (docs/architecture.md).' },
      ],
    },
  },
  {
    // The layers of docs/architecture.md, and no import cycles. Imports are resolved as TypeScript
    // does here: `./x.js` is the source `./x.ts`, and the contract's package points at its sources.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['apps/web/src/components', 'apps/web/src/lib'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message:
                'components/ and lib/ are shared by every feature: they never import a feature nor the app layer (docs/architecture.md).',
            },
            {
              target: ['apps/api/src/plugins', 'apps/api/src/db', 'apps/api/src/storage', 'apps/api/src/mail'],
              from: 'apps/api/src/modules',
              message:
                'plugins/, db/, storage/ and mail/ serve the modules: they never import a module (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's routes speak HTTP; its queries live in its service.
    files: ['apps/api/src/modules/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              message: "Queries live in the module's service, not in routes.ts (docs/architecture.md).",
            },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*'],
              message: "Queries live in the module's service, not in routes.ts (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Where configuration is read, and tooling that runs outside the product.
    files: [
      '**/config.ts',
      '*.config.{ts,js}',
      'scripts/**',
      '**/test/**',
      '**/e2e/**',
      'apps/*/vite*.config.ts',
      'apps/*/vitest.config.ts',
      'bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests read JSON answers as `any` on purpose: they assert on what the client receives.
    files: ['**/test/**', '**/e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
