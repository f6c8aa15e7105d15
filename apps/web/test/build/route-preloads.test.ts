import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { entryFiles, withEntry, withRootMarkup } from '../../build/route-preloads';

const chunk = (
  fileName: string,
  imports: string[],
  opts: { entry?: string; css?: string[]; modules?: string[]; facade?: string } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry: opts.entry !== undefined,
  facadeModuleId: opts.facade ?? opts.entry ?? null,
  moduleIds: opts.modules ?? (opts.entry ? [opts.entry] : []),
  viteMetadata: { importedCss: new Set(opts.css ?? []), importedAssets: new Set<string>() },
});
const bundleOf = (...chunks: ReturnType<typeof chunk>[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;

describe('entryFiles', () => {
  it("is the page's entry, the chunks it imports statically (dependencies first) and their stylesheets", () => {
    const bundle = bundleOf(
      chunk('assets/index.js', ['assets/base.js', 'assets/portal.js'], { entry: '/src/main.tsx' }),
      chunk('assets/base.js', [], { css: ['assets/base.css'] }),
      chunk('assets/portal.js', ['assets/base.js']),
      chunk('assets/common.js', ['assets/base.js']),
      chunk('assets/login.js', ['assets/common.js', 'assets/base.js']),
      chunk('assets/sign-in.js', ['assets/base.js', 'assets/login.js'], { entry: '/src/sign-in.tsx' }),
    );
    expect(entryFiles(bundle, '/src/sign-in.tsx')).toEqual({
      script: 'assets/sign-in.js',
      preloads: ['assets/base.js', 'assets/common.js', 'assets/login.js'],
      stylesheets: ['assets/base.css'],
    });
  });

  it('fails the build when no entry chunk is that module (a renamed file, a missing input)', () => {
    const bundle = bundleOf(chunk('assets/index.js', [], { entry: '/src/main.tsx' }));
    expect(() => entryFiles(bundle, '/src/sign-in.tsx')).toThrow(/no entry chunk for \/src\/sign-in.tsx/);
  });

  it("finds index.html's entry by the module its script names, and announces the chunks asked for after the entry's", () => {
    // Home: the chunks the router and the first calls import later, with what they import statically.
    const bundle = bundleOf(
      chunk('assets/index.js', ['assets/base.js', 'assets/portal.js'], {
        entry: '/index.html',
        modules: ['/index.html', '/src/main.tsx'],
      }),
      chunk('assets/base.js', [], { css: ['assets/base.css'] }),
      chunk('assets/portal.js', ['assets/base.js']),
      chunk('assets/query.js', ['assets/base.js'], { modules: ['/src/app/query-layer.tsx', '/node_modules/q.js'] }),
      chunk('assets/shell.js', ['assets/query.js', 'assets/base.js'], { modules: ['/src/app/shell/layout.tsx'] }),
      chunk('assets/dashboard.js', ['assets/shell.js'], {
        modules: ['/src/dashboard-page.tsx'],
        css: ['assets/d.css'],
      }),
      chunk('assets/users.js', ['assets/shell.js'], { modules: ['/src/user-list-page.tsx'] }),
    );
    expect(entryFiles(bundle, '/src/main.tsx', ['/src/app/shell/layout.tsx', '/src/dashboard-page.tsx'])).toEqual({
      script: 'assets/index.js',
      preloads: ['assets/base.js', 'assets/portal.js', 'assets/query.js', 'assets/shell.js', 'assets/dashboard.js'],
      stylesheets: ['assets/base.css', 'assets/d.css'],
    });
    expect(() => entryFiles(bundle, '/src/main.tsx', ['/src/renamed-page.tsx'])).toThrow(
      /no chunk holds \/src\/renamed-page.tsx/,
    );
  });
});

describe('withEntry', () => {
  it("replaces the portal's scripts, preloads and stylesheets by the page's, keeping the rest of the head", () => {
    const html =
      '<html>\n  <head>\n    <title>x</title>\n    <script src="/theme-init.js"></script>' +
      '\n    <script type="module" crossorigin src="/assets/index.js"></script>' +
      '\n    <link rel="modulepreload" crossorigin href="/assets/portal.js">' +
      '\n    <link rel="stylesheet" crossorigin href="/assets/base.css">\n  </head>\n<body></body></html>';
    const files = { script: 'assets/sign-in.js', preloads: ['assets/base.js'], stylesheets: ['assets/base.css'] };
    expect(withEntry(html, files)).toBe(
      '<html>\n  <head>\n    <title>x</title>\n    <script src="/theme-init.js"></script>' +
        '\n    <link rel="stylesheet" crossorigin href="/assets/base.css">' +
        '\n    <script type="module" crossorigin src="/assets/sign-in.js"></script>' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/base.js">\n  </head>\n<body></body></html>',
    );
  });
});

describe('the sign-in screen rendered at build time', () => {
  it('puts the screen into the empty #root, and refuses a page without one', () => {
    expect(withRootMarkup('<body><div id="root"></div></body>', '<main>x</main>')).toBe(
      '<body><div id="root"><main>x</main></div></body>',
    );
    expect(() => withRootMarkup('<body><div id="app"></div></body>', '<main/>')).toThrow(/no empty <div id="root">/);
  });
});
