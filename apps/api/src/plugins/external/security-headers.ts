import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultCompilersOnDemand } from '../../server-options.js';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: when it is https, TLS ends before us and every answer carries HSTS. */
  publicUrl: string;
  /** Where stored images live besides us (an S3 bucket): the pages load them and upload to them. */
  storageOrigins: readonly string[];
  /** The map's tile server (MAP_TILE_URL), whose tiles are images of /add-box-manual. */
  mapOrigin: string | undefined;
}

/** A response header as helmet sets it: its name as written on the wire, and its value. */
type Header = readonly [name: string, value: string | number | readonly string[]];

const hsts = 'max-age=31536000; includeSubDomains';
const apiUrl = /^\/api(?:[/?]|$)/;

/**
 * The headers @fastify/helmet sets on every answer with `options`, in its order and letter case,
 * read once from a throwaway server's first request: they depend on the configuration alone
 * (no CSP nonces, no per-route settings), and helmet rebuilt them on every request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<readonly Header[]> {
  // It declares no schema: Fastify's JSON Schema compilers (Ajv) are not loaded for it either.
  const probe = Fastify({ logger: false, schemaController: { compilersFactory: defaultCompilersOnDemand() } });
  let headers: Header[] = [];
  try {
    await probe.register(helmet, options);
    // After helmet's own onRequest hooks: what they set on the raw response, and nothing else yet.
    probe.addHook('onRequest', async (_request, reply) => {
      // getRawHeaderNames: Node's (since 15.13), missing from its type declarations here.
      const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
      headers = raw.getRawHeaderNames().map((name) => {
        const value = reply.raw.getHeader(name)!;
        const header: Header = [name, Array.isArray(value) ? Object.freeze([...value]) : value];
        return Object.freeze(header);
      });
    });
    probe.get('/', async () => '');
    await probe.inject({ method: 'GET', url: '/' });
  } finally {
    await probe.close();
  }
  if (headers.length === 0) throw new Error('security headers: helmet set no header');
  return Object.freeze(headers);
}

/**
 * The security headers of every answer (@fastify/helmet's: CSP, frame, referrer and content-type
 * rules), HSTS when the request came over TLS, and `Cache-Control: no-store` on API answers.
 * helmet's headers are computed once, at start, and set by one hook (docs/decisions/0018-request-path.md).
 * Registered before the routes, so its hooks run for each of them (and for the 404 handler).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
    const headers = await helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...opts.storageOrigins, ...(opts.mapOrigin ? [opts.mapOrigin] : [])],
          connectSrc: ["'self'", ...opts.storageOrigins],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // frame-ancestors 'none' for current browsers, DENY for the ones that only know this header.
      xFrameOptions: { action: 'deny' },
      // Reset-password and verify-account links carry their token in the URL: no Referer, ever.
      referrerPolicy: { policy: 'no-referrer' },
      // HSTS only where the portal is reached over TLS (below): never on plain http://localhost,
      // which it would pin to https for every app on that host.
      strictTransportSecurity: false,
    });
    // TLS ends before us when PUBLIC_URL is https; otherwise only a trusted proxy can say a request
    // came over TLS (request.protocol believes X-Forwarded-Proto only from a peer TRUST_PROXY trusts).
    const hstsOnEveryAnswer = new URL(opts.publicUrl).protocol === 'https:';
    // On the raw response, as helmet set them: a route's own reply.header still wins.
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      if (hstsOnEveryAnswer || request.protocol === 'https') void reply.header('strict-transport-security', hsts);
      done();
    });
    // API answers are one account's data (or a token): never kept by the browser or a shared cache.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (apiUrl.test(request.url) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
