import { z } from '../zod.js';

/** docs/behaviour.md §10: every answer is one envelope. */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function okEnvelope<T extends z.ZodType>(body: T) {
  return z.object({ message: z.string().optional(), body });
}
export interface OkEnvelope<T> {
  message?: string;
  body: T;
}

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number().optional(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: the process is up and its event loop answers (nothing else is checked). */
export const livenessSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

/**
 * GET /api/health/ready: whether this instance should get traffic: the database answers, every
 * migration this build knows is applied, and it is not shutting down.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  database: z.boolean(),
  migrations: z.object({ applied: z.number(), expected: z.number() }),
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;
