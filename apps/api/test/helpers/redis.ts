import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';

/** Whether a Redis answers PING at `url` within a second (tests that need one skip, or fail on CI, without). */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** The Redis of a test file that shares limits through one, and whether it answers. */
export interface TestRedis {
  url: string;
  /** Put before every key of the file: parallel files and runs never share a counter. */
  prefix: string;
  up: boolean;
  onCi: boolean;
}

/**
 * TEST_REDIS_URL (or REDIS_URL, or the local default) for `file`, with a key prefix of its own.
 * Without an answering Redis it says LOUDLY that the shared-limit tests are skipped (and that they
 * fail on CI, where the file's own check does).
 */
export async function testRedis(file: string): Promise<TestRedis> {
  const url = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const onCi = process.env.CI === 'true' || process.env.CI === '1';
  const up = await redisAnswers(url);
  if (!up) {
    // Straight to stderr: a console.warn would fail the file (test/setup/fail-on-console.ts).
    process.stderr.write(
      `\n!!! ${file}: no Redis at ${url} (TEST_REDIS_URL): the shared-limit tests are SKIPPED${onCi ? ' (and fail, CI=true)' : ''} !!!\n\n`,
    );
  }
  return { url, prefix: `strideadmin-test:${randomUUID()}:`, up, onCi };
}

/** A TCP port nothing listens on (Redis "down"). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
