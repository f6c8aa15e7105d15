import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema, messages, okEnvelope, readinessSchema } from '@strideadmin/contract';
import type { Database } from '../../db/client.js';
import { migrationsFolder } from '../../paths.js';

const startedAt = Date.now();
const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);

/** How many migrations this build ships (Drizzle Kit's journal): the database must have them all. */
function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Probes, in the conventions of Kubernetes and load balancers:
 * - `/health/live`: the process answers (restart it when this fails); touches nothing else;
 * - `/health/ready`: send it traffic (database reachable, migrations applied, not shutting down);
 * - `/health`: the status page a person reads (database driver and latency, version, uptime).
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database; version: string }) {
  const expected = expectedMigrations();
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        operationId: 'getLiveness',
        summary: 'Liveness probe',
        description: 'The process is up and its event loop answers; nothing else is checked.',
        response: { 200: okEnvelope(livenessSchema) },
      },
    },
    async () => ({ body: { status: 'ok' as const, uptimeSeconds: uptimeSeconds() } }),
  );

  r.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        operationId: 'getReadiness',
        summary: 'Readiness probe',
        description:
          'Whether this instance should get traffic: the database answers, every migration is applied, and it is not shutting down (503 otherwise).',
        response: { 200: okEnvelope(readinessSchema), 503: okEnvelope(readinessSchema) },
      },
    },
    async (_request, reply) => {
      const draining = app.lifecycle.draining;
      let database = true;
      let applied = 0;
      try {
        const { rows } = await opts.database.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        applied = rows[0]?.n ?? 0;
      } catch {
        database = false;
      }
      const migrated = applied >= expected;
      const ready = database && migrated && !draining;
      const body = {
        status: draining ? ('draining' as const) : ready ? ('ready' as const) : ('not_ready' as const),
        database,
        migrations: { applied, expected },
        draining,
      };
      if (ready) return reply.status(200).send({ body });
      const message = draining
        ? messages.shuttingDown
        : !database
          ? messages.serviceUnavailable
          : messages.migrationsPending;
      return reply.status(503).header('retry-after', '5').send({ message, body });
    },
  );

  r.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Server status',
        description:
          "The database's driver, whether it answers and how fast, the server's version and uptime, for a person (503 when the database does not answer).",
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
      const draining = app.lifecycle.draining;
      const body = {
        status: draining ? ('draining' as const) : ok ? ('ok' as const) : ('degraded' as const),
        database: {
          driver: opts.database.driver,
          ok,
          latencyMs: Math.round((performance.now() - t0) * 100) / 100,
        },
        version: opts.version,
        uptimeSeconds: uptimeSeconds(),
      };
      if (ok && !draining) return reply.status(200).send({ body });
      // Down or leaving: the same clear message as every other call answers meanwhile, with when to retry.
      const message = draining ? messages.shuttingDown : messages.serviceUnavailable;
      return reply.status(503).header('retry-after', '5').send({ message, body });
    },
  );
}
