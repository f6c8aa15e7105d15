import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { frameworkErrors } from './plugins/errors.js';
import { loggerOptions } from './plugins/logger.js';
import { requestIdGenerator, trustProxyFunction } from './plugins/request-id.js';
import { serverTimeouts } from './plugins/timeouts.js';

/**
 * The Fastify server's own options: how it logs, which proxies it believes, how it names a
 * request, how long it waits for a slow client, what it answers before any route is found and
 * while shutting down.
 */
export async function serverOptions(
  config: Config,
  { logger, logStream }: { logger?: FastifyServerOptions['logger']; logStream?: Writable },
): Promise<FastifyServerOptions> {
  return {
    // JSON lines or pretty ones (LOG_FORMAT); tokens and signatures in URLs never logged (logger.ts).
    logger:
      logger ??
      (await loggerOptions({
        level: config.logLevel,
        format: config.logFormat,
        colorize: config.logColors,
        destination: logStream,
      })),
    bodyLimit: config.bodyLimit,
    frameworkErrors,
    // Which X-Forwarded-* hops are believed (a hop count too: see trustProxyFunction).
    trustProxy: trustProxyFunction(config.trustProxy),
    // X-Request-Id believed only from a trusted proxy, and only when it reads as an id (request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // Headers and bodies that arrive too slowly are cut off with a 408 (timeouts.ts).
    ...serverTimeouts(config.timeouts),
    // While shutting down, requests that arrive on kept-alive connections are still answered (with
    // `Connection: close`, lifecycle plugin) rather than refused with 503.
    return503OnClosing: false,
    // Every route validates and serialises with zod (app.ts sets its compilers before any route is
    // declared), so Fastify's own JSON Schema compilers (Ajv, fast-json-stringify) are loaded only
    // if something ever asks for them, not at every start (docs/decisions/0020-start-up.md).
    schemaController: { compilersFactory: defaultCompilersOnDemand() },
  };
}

type CompilersFactory = Required<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
>;

/**
 * Fastify's default compiler factories, each required from Fastify's own dependencies on first use
 * (also the security headers' probe instance: plugins/external/security-headers.ts).
 */
export function defaultCompilersOnDemand(): CompilersFactory {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const onDemand = <F>(load: () => F): F => {
    let f: F | undefined;
    return ((...args: unknown[]) => ((f ??= load()) as (...a: unknown[]) => unknown)(...args)) as F;
  };
  return {
    buildValidator: onDemand(() =>
      (fromFastify('@fastify/ajv-compiler') as () => CompilersFactory['buildValidator'])(),
    ),
    buildSerializer: onDemand(() =>
      (fromFastify('@fastify/fast-json-stringify-compiler') as () => CompilersFactory['buildSerializer'])(),
    ),
  };
}
