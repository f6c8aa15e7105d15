import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { AuthCache } from './cache.js';
import { authChannel, type AuthRow } from './index.js';
import { sessionChannel, type SessionRow } from './sessions.js';

/**
 * The auth plugin's caches, wired to the database's NOTIFY: accounts authenticated lately, forgotten
 * when one's password, status or role changes (migration 0009, cache.ts), and sessions checked
 * lately, forgotten when one is revoked anywhere (migration 0010, sessions.ts). Listening stops
 * when the app closes.
 */
export async function listeningAuthCaches(
  app: FastifyInstance,
  database: Database,
): Promise<{ cache: AuthCache<AuthRow>; sessionCache: AuthCache<SessionRow> }> {
  const cache = new AuthCache<AuthRow>();
  const stopListening = await database.listen(
    authChannel,
    (payload) => cache.onMessage(payload),
    (listening) => cache.setListening(listening),
  );
  app.addHook('onClose', stopListening);
  const sessionCache = new AuthCache<SessionRow>({ accountWrites: false });
  const stopListeningSessions = await database.listen(
    sessionChannel,
    (payload) => sessionCache.onMessage(payload),
    (listening) => sessionCache.setListening(listening),
  );
  app.addHook('onClose', stopListeningSessions);
  return { cache, sessionCache };
}
