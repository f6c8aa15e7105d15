import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';

/** Placeholder: this module is being built (issue 6). */
export async function complaintQueryRoutes(_app: FastifyInstance, _opts: { db: Db }) {}
