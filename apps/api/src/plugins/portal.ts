import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import fp from 'fastify-plugin';
import { messages, portalPaths } from '@strideadmin/contract';

/**
 * The files of the built portal under `dir`, as URL paths relative to it ("index.html",
 * "assets/x.js"): not the compressed copies beside them, nor hidden files (the build's stamp).
 */
function portalFiles(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.')) return [];
    const name = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return portalFiles(dir, name);
    return e.isFile() && !/\.(br|gz)$/.test(e.name) ? [name] : [];
  });
}

/**
 * The portal at / (apps/web's build, when there is one) and the answer to every request no route
 * took: the portal's pages get index.html, anything else a 404 (JSON, or the portal for a browser
 * asking for a page). Registered after the routes, last.
 *
 * The build's files are read once at start: each file at the top (index.html, login.html, the
 * favicon...) is a route of its own, and the hashed bundles are one route, /assets/*, that sends a
 * file the build made and hands any other name to the 404 below, as a missing route would. (The
 * same as @fastify/static's route per file, without declaring a hundred routes at every start.)
 */
export const portalPlugin = fp(
  async (app: FastifyInstance, opts: { webDistDir: string }) => {
    const hasWeb = existsSync(path.join(opts.webDistDir, 'index.html'));
    if (hasWeb) {
      // reply.sendFile: x.js.br / x.js.gz beside x.js (apps/web/build/precompress.ts) are sent as
      // the browser accepts (br, then gzip, else x.js) with Vary: Accept-Encoding.
      await app.register(fastifyStatic, {
        root: opts.webDistDir,
        serve: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite's hashed assets never change; everything else is revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
      const files = portalFiles(opts.webDistDir);
      const assets = new Set(files.filter((f) => f.startsWith('assets/')).map((f) => f.slice('assets/'.length)));
      const route: RouteShorthandOptions = {
        // Not part of the API's description (GET /api/docs).
        schema: { hide: true },
        // A browser that goes away mid-file: the socket is closed, nothing to answer or log.
        errorHandler(error, request, reply) {
          if ((error as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE') {
            request.raw.destroy();
            return;
          }
          return app.errorHandler(error, request, reply);
        },
      };
      for (const file of files.filter((f) => !f.startsWith('assets/'))) {
        app.get(`/${file}`, route, (_request, reply) => reply.sendFile(file));
      }
      if (assets.size > 0) {
        app.get('/assets/*', route, (request: FastifyRequest, reply: FastifyReply) => {
          const name = (request.params as { '*': string })['*'];
          return assets.has(name) ? reply.sendFile(`assets/${name}`) : reply.callNotFound();
        });
      }
    }

    // The portal's pages are the paths its router declares (contract): those get index.html. Any
    // other path is a 404, so that probes, scanners and typos (/metrics, /.env, /wp-admin) never
    // look like a page that exists; a browser still gets the portal, whose router shows its own
    // "page not found" screen.
    const portalPages = new Set<string>(Object.values(portalPaths));
    const indexHtml = path.join(opts.webDistDir, 'index.html');
    // A page the build gave an HTML file of its own gets that file (apps/web/build/route-preloads.ts):
    // dist/login.html (the sign-in screen in the HTML, with its own entry that runs it without the
    // router) and, for Home (/), dist/home.html (the portal's entry with Home's code announced).
    const htmlFileOf = (page: string) => (page === '/' ? 'home.html' : `${page.slice(1)}.html`);
    const ownHtml = new Map(
      [...portalPages]
        .filter((p) => existsSync(path.join(opts.webDistDir, htmlFileOf(p))))
        .map((p) => [p, htmlFileOf(p)]),
    );
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url === '/api' || url.startsWith('/api/')) {
        return reply.status(404).send({ message: messages.routeNotFound });
      }
      // Not a page either when metrics are not served here: a scraper (or a person) must never read
      // the portal at /metrics, whatever it accepts.
      if (url === '/metrics') return reply.status(404).send({ message: messages.notFound });
      const page = hasWeb && (request.method === 'GET' || request.method === 'HEAD');
      if (page && portalPages.has(url)) {
        return reply.header('cache-control', 'no-cache').sendFile(ownHtml.get(url) ?? 'index.html');
      }
      // Stored images and other files are never pages: a missing one is a plain 404.
      const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url) || url === '/uploads' || url.startsWith('/uploads/');
      if (page && !looksLikeFile && (request.headers.accept ?? '').includes('text/html')) {
        const html = await readFile(indexHtml).catch(() => undefined);
        if (html) {
          return reply.status(404).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
        }
      }
      return reply.status(404).send({ message: messages.notFound });
    });
  },
  { name: 'portal' },
);
