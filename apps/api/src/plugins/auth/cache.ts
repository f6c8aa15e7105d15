/**
 * The accounts this process authenticated lately, so a request does not read its user row again
 * (the row read cost a third of a detail call's throughput, bench/throughput.ts). Safe because the database
 * says when to forget: migration 0009's triggers NOTIFY `strideadmin_auth` with the id (or '*')
 * whenever a password, active flag or role changes or an account is deleted, in any process, and
 * every process LISTENs (Database.listen).
 *
 * - Nothing is served from memory while the listener is down (messages could be missed): each
 *   request reads the row, as without a cache, until it listens again, and then starts empty.
 * - A read that started before a change cannot store the old row after it: every message moves
 *   an epoch, and a row is stored only if the epoch did not move while it was read.
 * - Entries also expire (ttlMs) and the map is bounded (maxEntries, oldest first out).
 * - This process's own writes also call forgetAuth(id) right after them, so the very next request
 *   here never waits for the message to come back (other processes get it within milliseconds).
 *
 * Keys are account ids (numbers) or, for the cache of sessions (sessions.ts, channel
 * `strideadmin_session`), session ids; a message names them as text. A cache made with
 * `accountWrites: false` is not one forgetAuth speaks to (its owner forgets its own writes).
 */
export class AuthCache<Row> {
  private readonly rows = new Map<string, { row: Row; until: number }>();
  private listening = false;
  private epoch = 0;
  private readonly barriers = new Map<string, () => void>();

  private readonly opts: { ttlMs: number; maxEntries: number; now?: () => number };

  constructor(opts: { ttlMs?: number; maxEntries?: number; now?: () => number; accountWrites?: boolean } = {}) {
    this.opts = { ttlMs: opts.ttlMs ?? 60_000, maxEntries: opts.maxEntries ?? 10_000, now: opts.now };
    if (opts.accountWrites !== false) live.add(new WeakRef(this));
  }

  /** How long an entry may be served from memory at most (the bound when a message is lost). */
  get ttlMs(): number {
    return this.opts.ttlMs;
  }

  private now() {
    return this.opts.now ? this.opts.now() : Date.now();
  }

  /** Whether messages are heard; turning on or off starts from an empty cache. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }

  /** A NOTIFY payload: '*' or comma-separated ids. */
  onMessage(payload: string): void {
    if (payload.startsWith('sync:')) {
      this.barriers.get(payload)?.();
      return;
    }
    if (payload.trim() === '*') return this.forgetAll();
    this.epoch++;
    for (const id of payload.split(',')) this.rows.delete(id.trim());
  }

  /** Drops `id`'s entry, so that the next get() reads it (for a caller that needs the row as it is now). */
  forget(id: number | string): void {
    this.rows.delete(String(id));
  }

  forgetAll(): void {
    this.epoch++;
    this.rows.clear();
  }

  /** The row of `id`, from memory when it may be, else from `read` (then remembered). */
  async get(key: number | string, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const id = String(key);
    const hit = this.rows.get(id);
    if (hit && this.listening && hit.until > this.now()) return hit.row;
    if (hit) this.rows.delete(id);
    const epoch = this.epoch;
    const row = await read();
    if (row !== undefined && this.listening && epoch === this.epoch) {
      if (this.rows.size >= this.opts.maxEntries) {
        const oldest = this.rows.keys().next();
        if (!oldest.done) this.rows.delete(oldest.value);
      }
      this.rows.set(id, { row, until: this.now() + this.opts.ttlMs });
    }
    return row;
  }

  /**
   * Resolves once every change committed before the call has been heard: `notify` sends a marker
   * through the same channel, and NOTIFY delivers in commit order. For a caller that wrote the
   * database around this process (another server, a script, a test) and needs the next request
   * to see it. Immediate when not listening (nothing is served from memory then).
   */
  async settle(notify: (payload: string) => Promise<unknown>, timeoutMs = 5_000): Promise<void> {
    if (!this.listening) return;
    const marker = `sync:${Math.random().toString(36).slice(2)}`;
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.barriers.delete(marker);
        reject(new Error(`no NOTIFY heard within ${timeoutMs} ms`));
      }, timeoutMs);
      this.barriers.set(marker, () => {
        clearTimeout(timer);
        this.barriers.delete(marker);
        resolve();
      });
    });
    await notify(marker);
    await heard;
  }

  get size(): number {
    return this.rows.size;
  }
}

/** Every cache of this process (tests run several apps in one), held weakly. */
const live = new Set<WeakRef<AuthCache<unknown>>>();

/** A write of this process changed account `id`'s password, status or role, or deleted it. */
export function forgetAuth(id: number): void {
  for (const ref of live) {
    const cache = ref.deref();
    if (cache) cache.onMessage(String(id));
    else live.delete(ref);
  }
}
