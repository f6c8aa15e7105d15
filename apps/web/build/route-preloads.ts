// Pages of their own for the screens a visit most often starts on: index.html with the page's own
// entry in place of the portal's (its scripts, their chunks announced in the head as
// `<link rel="modulepreload">`, its stylesheets), when asked the screen rendered at build time in
// #root, so that the browser paints the screen before any script has run (/login), and when asked
// the chunks of the screen the entry loads later, announced with the entry's (Home). /login's entry
// (src/sign-in.tsx) runs the sign-in screen without the router and loads the portal when it is
// needed. The server sends dist/<path>.html for a page that has one (apps/api/src/plugins/portal.ts);
// see docs/decisions/0019-portal-loading.md.
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface RoutePage {
  /** The page's file in dist, e.g. 'login.html'. */
  fileName: string;
  /** The page's entry module (absolute path): a build input of its own (vite.config.ts). */
  entryModule: string;
  /**
   * A module (absolute path) exporting `render` as `renderExport`: the screen's HTML, made at build
   * time and put in the page's #root, so the browser paints the screen before any script runs.
   */
  prerender?: { module: string; renderExport: string };
  /**
   * Modules (absolute paths) the entry imports later, with `import()`, that the page needs at once:
   * their chunks, and the chunks those import statically, are announced too (after the entry's),
   * so the browser fetches them with the entry instead of after it has run.
   */
  alsoPreload?: string[];
}

/** What a page must load for `entryModule`: its entry chunk, the chunks it imports statically, their CSS. */
export interface EntryFiles {
  script: string;
  /** The chunks the entry imports statically, depth first (dependencies first). */
  preloads: string[];
  stylesheets: string[];
}

export function entryFiles(bundle: OutputBundle, entryModule: string, alsoPreload: readonly string[] = []): EntryFiles {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  // The portal's own entry is index.html's script: its chunk holds the module behind the HTML's.
  const entry =
    chunks.find((c) => c.isEntry && c.facadeModuleId === entryModule) ??
    chunks.find((c) => c.isEntry && c.moduleIds.includes(entryModule));
  if (!entry) throw new Error(`route-preloads: no entry chunk for ${entryModule}`);
  const later = alsoPreload.map((module) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(module));
    if (!chunk) throw new Error(`route-preloads: no chunk holds ${module}`);
    return chunk.fileName;
  });
  const preloads: string[] = [];
  const stylesheets: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = byName.get(name);
    for (const i of chunk?.imports ?? []) visit(i);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) {
      if (!stylesheets.includes(css)) stylesheets.push(css);
    }
    if (name !== entry.fileName) preloads.push(name);
  };
  visit(entry.fileName);
  for (const name of later) visit(name);
  return { script: entry.fileName, preloads, stylesheets };
}

/**
 * index.html with its module scripts, module preloads and stylesheets (what the build put in for
 * the portal's entry) replaced by `files`', at the end of its head. The other head elements (the
 * theme script, the icon) stay.
 */
export function withEntry(indexHtml: string, files: EntryFiles, base = '/'): string {
  if (!/\s*<\/head>/.test(indexHtml)) throw new Error('route-preloads: index.html has no </head>');
  const built = /\n?[ \t]*<(?:script type="module"[^>]*><\/script|link rel="(?:modulepreload|stylesheet)"[^>]*)>/g;
  // The stylesheets first: the page's first paint waits for them, not for the scripts.
  const tags = [
    ...files.stylesheets.map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`),
    `<script type="module" crossorigin src="${base}${files.script}"></script>`,
    ...files.preloads.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
  ];
  return indexHtml.replace(built, '').replace(/\s*<\/head>/, `${tags.map((t) => `\n    ${t}`).join('')}\n  </head>`);
}

/** index.html with `markup` inside its (empty) #root. */
export function withRootMarkup(indexHtml: string, markup: string): string {
  const empty = '<div id="root"></div>';
  if (!indexHtml.includes(empty)) throw new Error('route-preloads: index.html has no empty <div id="root">');
  return indexHtml.replace(empty, `<div id="root">${markup}</div>`);
}

/**
 * Runs a render module in Node: compiled by esbuild with React's names answered by Preact (what
 * build/preact.ts's aliases do for Vite; esbuild's alias of a package covers its subpaths, so the
 * two packages are enough) and Vite's production `import.meta.env`, then imported;
 * `render` may return a promise (a screen loaded lazily by the router first).
 */
export async function renderAtBuild(module: string, renderExport: string): Promise<string> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [module],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // The screens' stylesheets and images (a map's) are the browser's business, not the HTML's.
    loader: { '.css': 'empty', '.png': 'empty', '.svg': 'empty', '.jpg': 'empty', '.woff2': 'empty' },
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: {
      'import.meta.env': JSON.stringify({ DEV: false, PROD: true, MODE: 'production', BASE_URL: '/', SSR: true }),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'error',
  });
  const file = path.join(tmpdir(), `strideadmin-prerender-${process.pid}-${Date.now()}.mjs`);
  await writeFile(file, out.outputFiles[0]!.text);
  try {
    const loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const render = loaded[renderExport];
    if (typeof render !== 'function') throw new Error(`route-preloads: ${module} exports no ${renderExport}()`);
    const markup: unknown = await (render as () => unknown)();
    if (typeof markup !== 'string' || markup === '') throw new Error(`route-preloads: ${renderExport}() made no HTML`);
    return markup;
  } finally {
    await rm(file, { force: true });
  }
}

export function routePreloads(pages: readonly RoutePage[]): Plugin {
  return {
    name: 'strideadmin:route-preloads',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'] as OutputAsset | undefined;
      if (!index) return;
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      for (const page of pages) {
        const withScreen = page.prerender
          ? withRootMarkup(html, await renderAtBuild(page.prerender.module, page.prerender.renderExport))
          : html;
        this.emitFile({
          type: 'asset',
          fileName: page.fileName,
          source: withEntry(withScreen, entryFiles(bundle, page.entryModule, page.alsoPreload)),
        });
      }
    },
  };
}
