import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { screenChunks, withPreloads, withRootMarkup } from '../../build/route-preloads';

const chunk = (fileName: string, imports: string[], moduleIds: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  moduleIds,
  isEntry,
});
const bundleOf = (...chunks: ReturnType<typeof chunk>[]) =>
  Object.fromEntries(chunks.map((c) => [c.fileName, c])) as unknown as OutputBundle;

describe('screenChunks', () => {
  it("is the screen's chunk and what it imports, dependencies first, without what the entry loads", () => {
    const bundle = bundleOf(
      chunk('assets/index.js', ['assets/react.js'], ['/src/main.tsx'], true),
      chunk('assets/react.js', []),
      chunk('assets/common.js', ['assets/react.js']),
      chunk('assets/login.js', ['assets/common.js', 'assets/react.js', 'assets/index.js'], ['/src/login-page.tsx']),
      chunk('assets/shell.js', ['assets/common.js'], ['/src/layout.tsx']),
    );
    expect(screenChunks(bundle, '/src/login-page.tsx')).toEqual(['assets/common.js', 'assets/login.js']);
  });

  it('fails the build when no chunk holds the screen (a renamed file)', () => {
    const bundle = bundleOf(chunk('assets/index.js', [], ['/src/main.tsx'], true));
    expect(() => screenChunks(bundle, '/src/login-page.tsx')).toThrow(/no chunk holds \/src\/login-page.tsx/);
  });
});

describe('withPreloads', () => {
  it('announces each chunk in the head, after what was there', () => {
    const html =
      '<html>\n  <head>\n    <script type="module" src="/assets/index.js"></script>\n  </head>\n<body></body></html>';
    expect(withPreloads(html, ['assets/common.js', 'assets/login.js'])).toBe(
      '<html>\n  <head>\n    <script type="module" src="/assets/index.js"></script>' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/common.js">' +
        '\n    <link rel="modulepreload" crossorigin href="/assets/login.js">\n  </head>\n<body></body></html>',
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
