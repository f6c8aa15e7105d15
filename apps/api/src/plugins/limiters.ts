import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import {
  AttemptLimiter,
  type FailureStore,
  LoginLimiter,
  MemoryFailureStore,
  RequestLimiter,
} from './login-limiter.js';

/** The brute-force limiters of the calls that check a password, send an e-mail or make an account. */
export interface Limiters {
  signIn: LoginLimiter;
  forgotPassword: RequestLimiter;
  /** Registering costs a password hash and makes an account: counted like forgot password. */
  register: RequestLimiter;
  changePassword: AttemptLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
  }
}

/**
 * Brute-force counters: in this process, or in Redis (shared by all instances) when REDIS_URL is
 * set; the limiters that count on them, as `app.limiters` for the routes.
 */
export const limitersPlugin = fp(
  async (
    app: FastifyInstance,
    { config }: { config: Pick<Config, 'loginLimits' | 'forgotLimits' | 'changePasswordLimits' | 'redis'> },
  ) => {
    const limitStore: FailureStore = config.redis
      ? new (await import('./redis-failure-store.js')).RedisFailureStore({ ...config.redis, log: app.log })
      : new MemoryFailureStore();
    app.addHook('onReady', async () => limitStore.ready?.());
    app.addHook('onClose', async () => limitStore.close?.());
    app.decorate('limiters', {
      signIn: new LoginLimiter(config.loginLimits, limitStore),
      forgotPassword: new RequestLimiter('forgot', config.forgotLimits, limitStore),
      register: new RequestLimiter('register', config.forgotLimits, limitStore),
      changePassword: new AttemptLimiter('change-password', config.changePasswordLimits, limitStore),
    } satisfies Limiters);
  },
  { name: 'limiters' },
);
