/**
 * Counts failed sign-ins per key (account, IP) in a fixed window. Successful sign-ins do not
 * count, so a busy office behind one IP is not locked out by its own traffic.
 * MemoryFailureStore counts in this process; RedisFailureStore (REDIS_URL) shares the counts
 * between the instances of the server.
 */
export interface FailureStore {
  count(key: string): Promise<number>;
  /** Counts one more in the key's window (starting one if none is open); the count after it. */
  add(key: string, windowSeconds: number): Promise<number>;
  clear(key: string): Promise<void>;
  /** Waits (bounded) for a connection, when the store has one; never rejects. */
  ready?(): Promise<void>;
  close?(): Promise<void>;
}

export class MemoryFailureStore implements FailureStore {
  private readonly entries = new Map<string, { n: number; resetAt: number }>();

  private live(key: string) {
    const e = this.entries.get(key);
    if (e && e.resetAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  async count(key: string) {
    return this.live(key)?.n ?? 0;
  }

  async add(key: string, windowSeconds: number) {
    const e = this.live(key);
    if (e) {
      e.n += 1;
      return e.n;
    }
    if (this.entries.size > 100_000) this.sweep();
    this.entries.set(key, { n: 1, resetAt: Date.now() + windowSeconds * 1000 });
    return 1;
  }

  async clear(key: string) {
    this.entries.delete(key);
  }

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
  }
}

export interface LoginLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

export class LoginLimiter {
  constructor(
    private readonly limits: LoginLimits,
    private readonly store: FailureStore = new MemoryFailureStore(),
  ) {}

  private keys(ip: string, email: string) {
    return { ip: `login:ip:${ip}`, account: `login:acct:${email.trim().toLowerCase()}` };
  }

  async isBlocked(ip: string, email: string): Promise<boolean> {
    const k = this.keys(ip, email);
    const [byIp, byAccount] = await Promise.all([this.store.count(k.ip), this.store.count(k.account)]);
    return byIp >= this.limits.perIp || byAccount >= this.limits.perAccount;
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    const k = this.keys(ip, email);
    await Promise.all([
      this.store.add(k.ip, this.limits.windowSeconds),
      this.store.add(k.account, this.limits.windowSeconds),
    ]);
  }

  async recordSuccess(ip: string, email: string): Promise<void> {
    await this.store.clear(this.keys(ip, email).account);
  }

  get retryAfterSeconds() {
    return this.limits.windowSeconds;
  }
}

/**
 * Counts every request (not only failures) per key (account, IP) in a fixed window, on the same
 * store: for calls that cost something whatever their outcome, such as forgot password (an e-mail).
 */
export class RequestLimiter {
  constructor(
    private readonly name: string,
    private readonly limits: LoginLimits,
    private readonly store: FailureStore = new MemoryFailureStore(),
  ) {}

  /** Counts this request; false when the IP or the account is over its limit. */
  async allow(ip: string, email: string): Promise<boolean> {
    const [byIp, byAccount] = await Promise.all([
      this.store.add(`${this.name}:ip:${ip}`, this.limits.windowSeconds),
      this.store.add(`${this.name}:acct:${email.trim().toLowerCase()}`, this.limits.windowSeconds),
    ]);
    return byIp <= this.limits.perIp && byAccount <= this.limits.perAccount;
  }

  get retryAfterSeconds() {
    return this.limits.windowSeconds;
  }
}
