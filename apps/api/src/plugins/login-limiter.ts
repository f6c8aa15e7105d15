/**
 * Counts attempts per key (account, IP, account and client) in a fixed window.
 * MemoryFailureStore counts in this process; RedisFailureStore (REDIS_URL) shares the counts
 * between the instances of the server.
 */
export interface FailureStore {
  count(key: string): Promise<number>;
  /** Counts one more in the key's window (starting one if none is open); the count after it. */
  add(key: string, windowSeconds: number): Promise<number>;
  clear(key: string): Promise<void>;
  /**
   * Atomically, before the work it guards: when every claim's count is under its limit, counts one
   * more on each (opening windows as `add` does) and answers the counts after it; otherwise counts
   * nothing and answers which claim refused. Concurrent reservations never see the same count.
   */
  reserve(claims: readonly Claim[], windowSeconds: number, guard?: Guard): Promise<Reservation>;
  /** Gives back one count on each key (never below 0): the reserved work turned out not to be a failure. */
  release(keys: readonly string[]): Promise<void>;
  /** Waits (bounded) for a connection, when the store has one; never rejects. */
  ready?(): Promise<void>;
  close?(): Promise<void>;
}

/** A key a reservation counts on, and the count it must stay under (Infinity: counted only). */
export interface Claim {
  key: string;
  limit: number;
  /** The limit instead, while the guard's count has reached its threshold. */
  guardedLimit?: number;
}

/** A key whose count, once at `atLeast`, makes the claims use their `guardedLimit`. */
export interface Guard {
  key: string;
  atLeast: number;
}

export type Reservation = { ok: true; counts: number[] } | { ok: false; refusedBy: number };

/** The limit a claim has under the guard's count. */
export function limitOf(claim: Claim, guard: Guard | undefined, guardCount: number): number {
  return guard !== undefined && guardCount >= guard.atLeast && claim.guardedLimit !== undefined
    ? claim.guardedLimit
    : claim.limit;
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
    return this.addNow(key, windowSeconds);
  }

  private addNow(key: string, windowSeconds: number) {
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

  // No await from the reads to the writes: one turn of this process, so nothing interleaves.
  async reserve(claims: readonly Claim[], windowSeconds: number, guard?: Guard): Promise<Reservation> {
    const guardCount = guard === undefined ? 0 : (this.live(guard.key)?.n ?? 0);
    const refusedBy = claims.findIndex((c) => (this.live(c.key)?.n ?? 0) >= limitOf(c, guard, guardCount));
    if (refusedBy >= 0) return { ok: false, refusedBy };
    return { ok: true, counts: claims.map((c) => this.addNow(c.key, windowSeconds)) };
  }

  async release(keys: readonly string[]) {
    for (const key of keys) {
      const e = this.live(key);
      if (e && e.n > 0) e.n -= 1;
    }
  }

  private sweep() {
    const now = Date.now();
    for (const [k, e] of this.entries) if (e.resetAt <= now) this.entries.delete(k);
  }
}

export interface LoginLimits {
  /** Failed sign-ins of one account, from all clients together, after which it is protected. */
  perAccount: number;
  /** Failed sign-ins of one client (IP) on one account. */
  perClient: number;
  /** Failed sign-ins from one client (IP), all accounts together. */
  perIp: number;
  windowSeconds: number;
}

/** How long a client that signed in to an account stays known to it. */
const knownClientSeconds = 30 * 24 * 3600;
/**
 * Password checks a client with no failure on a protected account gets in the window (a client the
 * account knows keeps the per-client limit).
 */
const newClientAllowance = 1;

/** What became of a password check the limiter let through. */
export type SignInOutcome = 'signed-in' | 'password-right' | 'failed' | 'not-checked';

export interface SignInAttempt {
  /**
   * Settles the attempt: a failure stays counted (and answers true the first time in the window the
   * account is protected: the owner is to be told); anything else gives its reservation back, and a
   * sign-in forgives this client's failures on the account and makes the client known to it.
   */
  settle(outcome: SignInOutcome): Promise<{ notifyOwner: boolean }>;
}

/**
 * Sign-in limits (POST /auth/login). Each attempt reserves its counts before its password is checked
 * (FailureStore.reserve), so concurrent attempts never check more passwords than the limits allow:
 *
 * - per client on an account (perClient): a client that keeps guessing one account is refused;
 * - per IP (perIp), every account together: a client spraying many accounts is refused;
 * - per account, all clients together (perAccount): past it the account is protected, and only a
 *   client with no failure on it in the window (once), or a client that signed in to it within 30
 *   days (up to perClient), still gets a password checked. The owner signing in from another
 *   address is never locked out by someone else's guesses, and an attacker gets one guess per
 *   new address.
 *
 * A success is not counted (an office behind one IP is not locked out by its own traffic).
 */
export class LoginLimiter {
  constructor(
    private readonly limits: LoginLimits,
    private readonly store: FailureStore = new MemoryFailureStore(),
  ) {}

  private keys(ip: string, email: string) {
    const account = email.trim().toLowerCase();
    // The IP in brackets: neither an IPv4 nor an IPv6 address has one, so no two pairs share a key.
    const pair = `[${ip}]${account}`;
    return {
      ip: `login:ip:${ip}`,
      account: `login:acct:${account}`,
      client: `login:client:${pair}`,
      known: `login:known:${pair}`,
      notified: `login:notified:${account}`,
    };
  }

  /** Reserves a password check for this client and account; undefined when a limit refuses it. */
  async begin(ip: string, email: string): Promise<SignInAttempt | undefined> {
    const k = this.keys(ip, email);
    const { perAccount, perClient, perIp, windowSeconds } = this.limits;
    const known = (await this.store.count(k.known)) > 0;
    const reservation = await this.store.reserve(
      [
        { key: k.client, limit: perClient, guardedLimit: known ? perClient : Math.min(newClientAllowance, perClient) },
        { key: k.ip, limit: perIp },
        { key: k.account, limit: Infinity },
      ],
      windowSeconds,
      { key: k.account, atLeast: perAccount },
    );
    if (!reservation.ok) return undefined;
    const accountCount = reservation.counts[2] ?? 0;
    return {
      settle: async (outcome) => {
        if (outcome === 'failed') {
          const notifyOwner = accountCount >= perAccount && (await this.store.add(k.notified, windowSeconds)) === 1;
          return { notifyOwner };
        }
        if (outcome === 'signed-in') {
          await Promise.all([
            this.store.release([k.ip, k.account]),
            this.store.clear(k.client),
            // Cleared first: the 30 days run from the latest sign-in.
            this.store.clear(k.known).then(() => this.store.add(k.known, knownClientSeconds)),
          ]);
        } else {
          await this.store.release([k.client, k.ip, k.account]);
        }
        return { notifyOwner: false };
      },
    };
  }

  get retryAfterSeconds() {
    return this.limits.windowSeconds;
  }
}

/**
 * Limits failures of one action per key, reserving each attempt before the check it guards (the
 * count is atomic: concurrent attempts never check more than `limit`); an attempt that succeeds
 * gives its reservation back. E.g. wrong old passwords on change password, per account.
 */
export class AttemptLimiter {
  constructor(
    private readonly name: string,
    private readonly limits: { limit: number; windowSeconds: number },
    private readonly store: FailureStore = new MemoryFailureStore(),
  ) {}

  /** Runs `check` when `key` is under its limit; undefined (and no check) when it is not. */
  async attempt<T extends { ok: boolean }>(key: string, check: () => Promise<T>): Promise<T | undefined> {
    const k = `${this.name}:${key}`;
    const reservation = await this.store.reserve([{ key: k, limit: this.limits.limit }], this.limits.windowSeconds);
    if (!reservation.ok) return undefined;
    let result: T;
    try {
      result = await check();
    } catch (err) {
      await this.store.release([k]);
      throw err;
    }
    if (result.ok) await this.store.release([k]);
    return result;
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
    private readonly limits: { perAccount: number; perIp: number; windowSeconds: number },
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
