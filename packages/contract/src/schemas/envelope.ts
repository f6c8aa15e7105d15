import { z } from 'zod';

/** PRODUCT.md §3: every answer is one envelope. */
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
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number().optional(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
