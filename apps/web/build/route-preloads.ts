// Pages of their own for the screens a visit starts on signed out (today /login), each index.html
// with its screen's chunks announced in the head (`<link rel="modulepreload">`). With index.html
// alone the browser learns of the sign-in screen's chunks only once the entry has run (React
// DOM evaluated, the router created and matched): on the bench machine 128 ms after the entry
// arrived, one round trip more before anything is drawn. Announced in the head, they download
// beside the entry. The server sends dist/<path>.html for a page that has one
// (apps/api/src/plugins/portal.ts); see docs/decisions/0019-portal-loading.md.
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface RoutePage {
  /** The page's file in dist, e.g. 'login.html'. */
  fileName: string;
  /** The module (absolute path) whose chunk is the screen's: its lazy import in the router. */
  screenModule: string;
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

export function routePreloads(pages: readonly RoutePage[]): Plugin {
  return {
    name: 'strideadmin:route-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'] as OutputAsset | undefined;
      if (!index) return;
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      for (const page of pages)
        this.emitFile({
          type: 'asset',
          fileName: page.fileName,
          source: withPreloads(html, screenChunks(bundle, page.screenModule)),
        });
    },
  };
}
