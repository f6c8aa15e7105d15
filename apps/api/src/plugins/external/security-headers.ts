import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: when it is https, TLS ends before us and every answer carries HSTS. */
  publicUrl: string;
  /** Where stored images live besides us (an S3 bucket): the pages load them and upload to them. */
  storageOrigins: readonly string[];
  /** The map's tile server (MAP_TILE_URL), whose tiles are images of /add-box-manual. */
  mapOrigin: string | undefined;
}

/**
 * The security headers of every answer (@fastify/helmet: CSP, frame, referrer and content-type
 * rules), HSTS when the request came over TLS, and `Cache-Control: no-store` on API answers.
 * Registered before the routes, so its hooks run for each of them (and for the 404 handler).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
    await app.register(helmet, {
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
      // HSTS only where the portal is reached over TLS (hook below): never on plain http://localhost,
      // which it would pin to https for every app on that host.
      strictTransportSecurity: false,
    });
    // TLS ends before us when PUBLIC_URL is https; otherwise only a trusted proxy can say a request
    // came over TLS (request.protocol believes X-Forwarded-Proto only from a peer TRUST_PROXY trusts).
    const hstsOnEveryAnswer = new URL(opts.publicUrl).protocol === 'https:';
    app.addHook('onRequest', async (request, reply) => {
      if (hstsOnEveryAnswer || request.protocol === 'https') {
        void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
    // API answers are one account's data (or a token): never kept by the browser or a shared cache.
    app.addHook('onSend', async (request, reply) => {
      if (/^\/api(?:[/?]|$)/.test(request.url) && !reply.hasHeader('cache-control')) {
        void reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security-headers' },
);
