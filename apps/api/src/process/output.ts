import { fstatSync } from 'node:fs';
import { Writable } from 'node:stream';

/**
 * The process's standard output (or error), for the logs, made never to block the event loop.
 * Node writes to a pipe synchronously (and pino waits in a loop while a pipe is full): a server
 * whose log reader stops reading (a stuck collector, a suspended `| less`) would freeze and could
 * never finish shutting down. Here:
 * - a pipe or socket is switched to libuv's non-blocking writes (`process.stdout` itself, so that
 *   everything else written there shares them): what the reader has not taken yet waits in
 *   memory, up to `maxBuffered` bytes; beyond that lines are dropped (and counted);
 * - a broken pipe (EPIPE: nobody reads any more) ends writing quietly; the server goes on;
 * - files and terminals are written as Node writes them.
 */
export class ProcessOutput extends Writable {
  private readonly stream: NodeJS.WriteStream;
  private broken = false;
  /** Lines dropped because the reader fell more than `maxBuffered` bytes behind, or went away. */
  dropped = 0;

  constructor(
    fd: 1 | 2,
    private readonly maxBuffered = 8 * 1024 * 1024,
  ) {
    super({ decodeStrings: false });
    this.stream = fd === 1 ? process.stdout : process.stderr;
    this.stream.on('error', () => {
      this.broken = true;
    });
    let pipe = false;
    try {
      const st = fstatSync(fd);
      pipe = st.isFIFO() || st.isSocket();
    } catch {
      this.broken = true; // no such descriptor: nothing to write to
    }
    // Node made this pipe blocking ("synchronous on Linux"); libuv's stream handle can undo it.
    const handle = (this.stream as unknown as { _handle?: { setBlocking?: (on: boolean) => number } })._handle;
    if (pipe) handle?.setBlocking?.(false);
  }

  /** Hands `data` to the stream if the reader is not too far behind; never waits. */
  writeNow(data: string | Buffer): void {
    if (this.broken || this.stream.destroyed || this.stream.writableLength > this.maxBuffered) {
      this.dropped++;
      return;
    }
    this.stream.write(data);
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeNow(chunk);
    callback();
  }

  /** Waits until everything queued is written, the reader is gone, or `timeoutMs` passes. */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.broken && this.stream.writableLength > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.stream.writableLength === 0;
  }
}
