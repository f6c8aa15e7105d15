// The compiled server turns on Node's compile cache (apps/api/src/server.ts): after a start, V8's
// code for the server's modules is on disk, in node-compile-cache under the system's temporary
// folder (TMPDIR here), for the next start to read. (NODE_COMPILE_CACHE would turn it on by itself,
// so the tests leave it unset.)
// Node ≥ 22.1 has the cache (the image runs Node 24; the suite's Node 24 run checks it); on older
// Node the server starts the same, without it.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from '../helpers/server-process.js';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const hasCompileCache = major > 22 || (major === 22 && minor >= 1);
const dirs: string[] = [];
const newDir = async (name: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `strideadmin-${name}-`));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

describe('compile cache', () => {
  it.skipIf(!hasCompileCache)(
    `keeps the server's compiled code under the temporary folder (Node ${process.version})`,
    async () => {
      const tmp = await newDir('tmp');
      const env = { TMPDIR: tmp };
      const server = await startServer({ dataDir: await newDir('data'), compiled: true, env });
      await stopServer(server);
      expect(await filesUnder(path.join(tmp, 'node-compile-cache'))).not.toHaveLength(0);
      // The next start reads it and serves as before.
      const again = await startServer({ dataDir: await newDir('data'), compiled: true, env });
      try {
        expect((await fetch(`${again.origin}/api/health`)).status).toBe(200);
      } finally {
        await stopServer(again);
      }
    },
  );

  it('starts when the cache folder cannot be made', async () => {
    const tmp = await newDir('tmp');
    await writeFile(path.join(tmp, 'node-compile-cache'), ''); // a file where the folder would go
    const server = await startServer({ dataDir: await newDir('data'), compiled: true, env: { TMPDIR: tmp } });
    try {
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    } finally {
      await stopServer(server);
    }
  });
});
