// Pages of their own for the screens a visit starts on signed out (today /login), each index.html
// with its screen's chunks announced in the head (`<link rel="modulepreload">`). With index.html
// alone the browser learns of the sign-in screen's chunks only once the entry has run (React
// DOM evaluated, the router created and matched): on the bench machine 128 ms after the entry
// arrived, one round trip more before anything is drawn. Announced in the head, they download
// beside the entry. The server sends dist/<path>.html for a page that has one
// (apps/api/src/plugins/portal.ts); see docs/decisions/0019-portal-loading.md.
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface RoutePage {
  /** The page's file in dist, e.g. 'login.html'. */
  fileName: string;
  /** The module (absolute path) whose chunk is the screen's: its lazy import in the router. */
  screenModule: string;
  /**
   * A module (absolute path) exporting `render` as `renderExport`: the screen's HTML, made at build
   * time and put in the page's #root, so the browser paints the screen before any script runs.
   */
  prerender?: { module: string; renderExport: string };
}

/**
 * The chunks a dynamically imported `screenModule` needs beyond what the entry has loaded: its own
 * chunk and, depth first, the chunks it imports statically (file names, in load order).
 */
export function screenChunks(bundle: OutputBundle, screenModule: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const loaded = new Set<string>();
  const markLoaded = (name: string) => {
    if (loaded.has(name)) return;
    loaded.add(name);
    for (const i of byName.get(name)?.imports ?? []) markLoaded(i);
  };
  if (entry) markLoaded(entry.fileName);
  const screen = chunks.find((c) => c.moduleIds.includes(screenModule));
  if (!screen) throw new Error(`route-preloads: no chunk holds ${screenModule}`);
  const out: string[] = [];
  const visit = (name: string) => {
    if (loaded.has(name) || out.includes(name)) return;
    for (const i of byName.get(name)?.imports ?? []) visit(i);
    out.push(name);
  };
  visit(screen.fileName);
  return out;
}

/** index.html with a modulepreload link for each of `files` at the end of its head. */
export function withPreloads(indexHtml: string, files: readonly string[], base = '/'): string {
  const links = files.map((f) => `\n    <link rel="modulepreload" crossorigin href="${base}${f}">`).join('');
  if (!/\s*<\/head>/.test(indexHtml)) throw new Error('route-preloads: index.html has no </head>');
  return indexHtml.replace(/\s*<\/head>/, `${links}\n  </head>`);
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
          source: withPreloads(withScreen, screenChunks(bundle, page.screenModule)),
        });
      }
    },
  };
}
