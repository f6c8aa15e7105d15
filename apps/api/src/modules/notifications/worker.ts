import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PushResult, PushSender } from './fcm.js';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  completeOrphanedNotifications,
  type Settlement,
  settleDeliveries,
} from './outbox.js';

/**
 * The delivery worker of the notification outbox. Each step (runOnce) claims a batch of due
 * deliveries under a lease, pushes them through FCM when it is configured and the user has a
 * device token, and settles the batch in one transaction (outbox.ts).
 *
 * Guarantees: the app inbox gets each notification exactly once per recipient (a unique key); a
 * push goes out at least once (a worker that dies between push and settle leaves a lease that
 * runs out, and the next worker pushes again). Any number of workers may run, in one process or
 * in replicas on one PostgreSQL database.
 *
 * What a delivery becomes:
 * - delivered: it is in the inbox, and pushed when a push was possible. No FCM configured, no
 *   token, or a token FCM reports UNREGISTERED (the app was removed; the token is cleared, the
 *   user is inbox-only like one without a token) all count as delivered; the FCM error stays in
 *   last_error.
 * - failed: the user has a token but the push could not be made: FCM refused the message for
 *   good (INVALID_ARGUMENT, SENDER_ID_MISMATCH...) or kept failing transiently (429, 5xx,
 *   network) for `maxAttempts` attempts. The inbox entry is there all the same.
 * - pending again (retry): a transient failure before the last attempt, due again after an
 *   exponential backoff (or FCM's Retry-After when longer).
 * A notification is `sent` when none of its deliveries is pending and some were delivered,
 * `failed` when none is pending and none was delivered (recomputed from its deliveries with each
 * batch; an idle worker also settles the few whose last pending deliveries vanished with their
 * deleted users).
 */

export interface NotificationWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** FCM; undefined: inbox-only delivery. */
  sender: PushSender | undefined;
  /** The pause between two steps when the last one found less than a full batch. */
  pollMs: number;
  batchSize?: number;
  /** How long a claim holds its deliveries; longer than a batch can take (sends time out). */
  leaseMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Pushes in flight at once within a batch. */
  sendConcurrency?: number;
  /** How often an idle worker looks for notifications whose last deliveries were deleted. */
  orphanSweepMs?: number;
}

/** What one step did. */
export interface WorkerStep {
  claimed: number;
  delivered: number;
  failed: number;
  retried: number;
}

export class NotificationWorker {
  readonly batchSize: number;
  readonly leaseMs: number;
  readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly sendConcurrency: number;
  private readonly orphanSweepMs: number;
  private lastOrphanSweep = 0;
  private readonly log: FastifyBaseLogger;

  private active = false;
  private timer: NodeJS.Timeout | undefined;
  /** Steps under way (the loop's and direct runOnce calls): stop() waits for them. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Aborted by stop(): pushes in flight end at once and are retried later. */
  private abort = new AbortController();
  /** Totals since start, for logs and tests. */
  readonly totals: WorkerStep = { claimed: 0, delivered: 0, failed: 0, retried: 0 };

  constructor(private readonly options: NotificationWorkerOptions) {
    this.batchSize = options.batchSize ?? 200;
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.retryMaxMs = options.retryMaxMs ?? 30 * 60 * 1000;
    this.sendConcurrency = options.sendConcurrency ?? 20;
    this.orphanSweepMs = options.orphanSweepMs ?? 60_000;
    this.log = options.log.child({ module: 'notifications' });
  }

  get running(): boolean {
    return this.active;
  }

  /** Starts the loop (setTimeout; never keeps the process alive on its own). */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.schedule(0);
  }

  /** Stops the loop and waits for the steps under way; their pushes in flight are cut short and due again at once. */
  async stop(): Promise<void> {
    this.active = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    this.abort = new AbortController();
  }

  /** One step: claim a batch, push, settle. Throws on a database error (the loop logs it). */
  runOnce(): Promise<WorkerStep> {
    const step = this.step();
    this.inFlight.add(step);
    void step.catch(() => {}).finally(() => this.inFlight.delete(step));
    return step;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    let full = false;
    try {
      const step = await this.runOnce();
      full = step.claimed >= this.batchSize;
    } catch (err) {
      // Never crash the process: the leases of this batch run out and another step takes them.
      this.log.error({ err }, 'notification delivery step failed');
    }
    // A full batch means more is due: go on at once; otherwise wait for the next poll.
    if (this.active) this.schedule(full ? 0 : this.options.pollMs);
  }

  private async step(): Promise<WorkerStep> {
    const claimed = await claimDueDeliveries(this.options.db, this.batchSize, this.leaseMs);
    const step: WorkerStep = { claimed: claimed.length, delivered: 0, failed: 0, retried: 0 };
    if (claimed.length === 0) {
      if (Date.now() - this.lastOrphanSweep >= this.orphanSweepMs) {
        this.lastOrphanSweep = Date.now();
        const completed = await completeOrphanedNotifications(this.options.db);
        if (completed > 0) this.log.info({ completed }, 'notifications without pending deliveries settled');
      }
      return step;
    }

    const signal = this.abort.signal;
    const settlements = await mapWithLimit(claimed, this.sendConcurrency, async (delivery) =>
      this.settlementOf(delivery, await this.push(delivery, signal), signal.aborted),
    );
    await settleDeliveries(this.options.db, settlements);

    for (const s of settlements) {
      if (s.outcome === 'delivered') step.delivered += 1;
      else if (s.outcome === 'failed') step.failed += 1;
      else step.retried += 1;
    }
    for (const key of Object.keys(step) as Array<keyof WorkerStep>) this.totals[key] += step[key];
    const firstError = settlements.find((s) => s.error)?.error;
    if (step.failed > 0 || step.retried > 0) this.log.warn({ ...step, firstError }, 'notification deliveries settled');
    else this.log.info(step, 'notification deliveries settled');
    return step;
  }

  /** The push of one delivery; undefined when none is to be made (no FCM, no token). */
  private async push(delivery: ClaimedDelivery, signal: AbortSignal): Promise<PushResult | undefined> {
    const sender = this.options.sender;
    if (!sender || !delivery.pushToken) return undefined;
    try {
      return await sender.send(
        {
          token: delivery.pushToken,
          title: delivery.title,
          body: delivery.message,
          data: { notificationId: String(delivery.notificationId) },
        },
        signal,
      );
    } catch (err) {
      // The adapter answers its failures; anything thrown is unexpected, and retried.
      return { ok: false, kind: 'transient', error: err instanceof Error ? err.message : String(err) };
    }
  }

  private settlementOf(delivery: ClaimedDelivery, result: PushResult | undefined, stopping: boolean): Settlement {
    const base = { id: delivery.id, attempts: delivery.attempts, retryInMs: 0, clearToken: null };
    if (!result || result.ok) return { ...base, outcome: 'delivered', error: null };
    // Cut short by stop() (shutdown): due again at once, for the next worker; not held against it.
    if (stopping && result.kind === 'transient') return { ...base, outcome: 'retry', error: result.error };
    if (result.kind === 'unregistered') {
      const clearToken = delivery.pushToken ? { userId: delivery.userId, token: delivery.pushToken } : null;
      return { ...base, outcome: 'delivered', error: result.error, clearToken };
    }
    if (result.kind === 'rejected' || delivery.attempts >= this.maxAttempts) {
      return { ...base, outcome: 'failed', error: result.error };
    }
    const backoff = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** (delivery.attempts - 1));
    return {
      ...base,
      outcome: 'retry',
      error: result.error,
      retryInMs: Math.min(this.retryMaxMs, Math.max(backoff, result.retryAfterMs ?? 0)),
    };
  }
}

/** `fn` over `items`, at most `limit` at a time, results in the items' order. */
async function mapWithLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker: its loop runs when NOTIFICATION_WORKER is on; tests call runOnce(). */
    notificationWorker: NotificationWorker;
  }
}
