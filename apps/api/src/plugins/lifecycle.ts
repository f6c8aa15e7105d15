import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether this server is shutting down. From the moment it starts draining, the readiness probe
 * answers 503 (a load balancer stops sending work here) and every answer says `Connection: close`,
 * so clients on kept-alive connections finish the request they sent and reconnect elsewhere
 * instead of sending the next one to a server about to close the connection under them.
 */
export class Lifecycle {
  private drainingSince: number | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance, opts: { lifecycle: Lifecycle }) => {
    app.decorate('lifecycle', opts.lifecycle);
    // onSend: also for a request that arrived before the drain began and is answered during it.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (opts.lifecycle.draining) void reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lifecycle' },
);
