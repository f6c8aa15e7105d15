import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createPushSender } from './fcm.js';
import { NotificationWorker } from './worker.js';

export { notificationRoutes } from './routes.js';
export { backlogCountCap, outboxBacklog, type OutboxBacklog } from './outbox.js';
export { createPushSender, FcmSender, fcmScope, type PushResult, type PushSender } from './fcm.js';
export { NotificationWorker, type WorkerStep } from './worker.js';

/** The outbox worker of the configuration (FCM when configured); its loop is started by the caller. */
export async function createNotificationWorker(opts: {
  db: Db;
  push: PushConfig;
  log: FastifyBaseLogger;
}): Promise<NotificationWorker> {
  return new NotificationWorker({
    db: opts.db,
    log: opts.log,
    sender: await createPushSender(opts.push.fcm),
    pollMs: opts.push.pollMs,
  });
}
