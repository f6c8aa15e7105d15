/**
 * Work done after the answer (an e-mail, say): started on the next turn of the event loop, its
 * failure logged, never thrown at a client. The app waits for what is pending before it closes
 * (and tests wait for it with `idle()` instead of sleeping).
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: { error(obj: object, msg: string): void }) {}

  run(name: string, task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: name }, `${name} failed`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once nothing is pending (including tasks the pending ones started). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
  }
}
