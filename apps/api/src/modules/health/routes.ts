import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, messages, okEnvelope } from '@strideadmin/contract';
import type { Database } from '../../db/client.js';

const startedAt = Date.now();

export async function healthRoutes(app: FastifyInstance, opts: { database: Database; version: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database status',
        response: { 200: okEnvelope(healthSchema), 503: okEnvelope(healthSchema) },
      },
    },
    async (_request, reply) => {
      const t0 = performance.now();
      let ok = true;
      try {
        await opts.database.ping();
      } catch {
        ok = false;
      }
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: {
          driver: opts.database.driver,
          ok,
          latencyMs: Math.round((performance.now() - t0) * 100) / 100,
        },
        version: opts.version,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      if (ok) return reply.status(200).send({ body });
      // Down: the same clear message as every other call answers meanwhile, with when to retry.
      return reply.status(503).header('retry-after', '5').send({ message: messages.serviceUnavailable, body });
    },
  );
}
