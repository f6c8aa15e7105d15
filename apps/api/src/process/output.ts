import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs';
import { Writable } from 'node:stream';

/**
 * The process's standard output (or error) as a stream that never blocks the event loop, for the
 * logs. Node writes to a pipe synchronously, and pino waits in a loop while a pipe is full: a
 * server whose log reader stops reading (a stuck collector, a closed terminal) would freeze, and
 * could never finish shutting down. Here:
 * - a pipe or socket is reopened non-blocking (`/proc/self/fd/N`, a new open file description),
 *   so a full pipe answers EAGAIN at once; what cannot be written yet waits in memory (up to
 *   `maxBuffered` bytes; beyond that lines are dropped and counted) and is retried on a timer;
 * - a broken pipe (EPIPE: nobody reads any more) ends writing quietly; the server goes on;
 * - files and terminals are written directly.
 */
export class ProcessOutput extends Writable {
  private readonly fd: number;
  private readonly ownFd: boolean;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private broken = false;
  /** Lines dropped because the reader fell more than `maxBuffered` bytes behind, or went away. */
  dropped = 0;

  constructor(
    fd: 1 | 2,
    private readonly maxBuffered = 8 * 1024 * 1024,
  ) {
    super({ decodeStrings: true });
    const { fd: own, reopened } = nonBlocking(fd);
    this.fd = own;
    this.ownFd = reopened;
  }

  /** Writes now what can be written; never waits. */
  writeNow(data: string | Buffer): void {
    if (this.broken) {
      this.dropped++;
      return;
    }
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    if (this.pending.length > 0) {
      this.enqueue(buf);
      return;
    }
    const rest = this.attempt(buf);
    if (rest) this.enqueue(rest);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeNow(chunk);
    callback();
  }

  /** Waits until everything queued is written, the reader is gone, or `timeoutMs` passes. */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.length > 0 && !this.broken && Date.now() < deadline) {
      this.flushPending();
      if (this.pending.length > 0) await new Promise((r) => setTimeout(r, 10));
    }
    return this.pending.length === 0;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.ownFd) {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
    }
    callback(error);
  }

  /** Writes as much of `buf` as the fd takes now; answers what is left (null: all written). */
  private attempt(buf: Buffer): Buffer | null {
    let offset = 0;
    while (offset < buf.length) {
      try {
        offset += writeSync(this.fd, buf, offset, buf.length - offset);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK') return buf.subarray(offset);
        if (code === 'EINTR') continue;
        // EPIPE (the reader is gone), EBADF...: logging stops; serving does not.
        this.broken = true;
        this.dropped++;
        this.pending = [];
        this.pendingBytes = 0;
        return null;
      }
    }
    return null;
  }

  private enqueue(buf: Buffer): void {
    if (this.pendingBytes + buf.length > this.maxBuffered) {
      this.dropped++;
      return;
    }
    this.pending.push(buf);
    this.pendingBytes += buf.length;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flushPending();
    }, 20);
    this.timer.unref();
  }

  private flushPending(): void {
    while (this.pending.length > 0 && !this.broken) {
      const head = this.pending[0]!;
      const rest = this.attempt(head);
      if (rest) {
        this.pendingBytes -= head.length - rest.length;
        this.pending[0] = rest;
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          this.flushPending();
        }, 20);
        this.timer.unref();
        return;
      }
      this.pending.shift();
      this.pendingBytes -= head.length;
    }
  }
}

function nonBlocking(fd: number): { fd: number; reopened: boolean } {
  try {
    const st = fstatSync(fd);
    if (!st.isFIFO() && !st.isSocket()) return { fd, reopened: false };
    const own = openSync(`/proc/self/fd/${fd}`, constants.O_WRONLY | constants.O_APPEND | constants.O_NONBLOCK);
    return { fd: own, reopened: true };
  } catch {
    // No /proc (not Linux), or a socket that cannot be reopened: write to it as it is.
    return { fd, reopened: false };
  }
}
