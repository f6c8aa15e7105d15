import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages, portalPaths } from '@strideadmin/contract';

/**
 * The portal at / (apps/web's build, when there is one: @fastify/static, one route per file) and
 * the answer to every request no route took: the portal's pages get index.html, anything else a
 * 404 (JSON, or the portal for a browser asking for a page). Registered after the routes, last.
 */
export const portalPlugin = fp(
  async (app: FastifyInstance, opts: { webDistDir: string }) => {
    const hasWeb = existsSync(path.join(opts.webDistDir, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDistDir,
        index: false,
        wildcard: false,
        // x.js.br / x.js.gz beside x.js (apps/web/build/precompress.ts): sent as the browser accepts
        // (br, then gzip, else x.js) with Vary: Accept-Encoding, also by sendFile('index.html') below.
        preCompressed: true,
        // The siblings are variants of their file, not pages of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(res, filePath) {
          // Vite's hashed assets never change; everything else is revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // The portal's pages are the paths its router declares (contract): those get index.html. Any
    // other path is a 404, so that probes, scanners and typos (/metrics, /.env, /wp-admin) never
    // look like a page that exists; a browser still gets the portal, whose router shows its own
    // "page not found" screen.
    const portalPages = new Set<string>(Object.values(portalPaths));
    const indexHtml = path.join(opts.webDistDir, 'index.html');
    // A page the build gave an HTML file of its own (dist/login.html: the sign-in screen in the
    // HTML, with its own entry that runs it without the router, apps/web/build/route-preloads.ts)
    // gets that file.
    const ownHtml = new Map(
      [...portalPages]
        .filter((p) => p !== '/' && existsSync(path.join(opts.webDistDir, `${p.slice(1)}.html`)))
        .map((p) => [p, `${p.slice(1)}.html`]),
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
