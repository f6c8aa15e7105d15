// The build edits two npm packages as it compiles them into the server (scripts/build.mjs,
// bundlePatches), so that neither reads the global `Response`, which on Node 20 loads Node's whole
// fetch implementation (undici) into a start and its first answers. These tests hold both ends: the
// edit fails loudly when a package's new version lacks the text, and the compiled server starts,
// answers and compresses without Node ever loading undici (on PGlite here, on PostgreSQL, where pg's
// edit matters, in the suite's PostgreSQL run).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from '../helpers/postgres-admin.js';
import { startServer, stopServer } from '../helpers/server-process.js';

interface Patch {
  file: string;
  find: string;
  replace: string;
}
interface BuildModule {
  bundlePatches: Patch[];
  patchPackageSource(file: string, source: string, applied?: Set<Patch>): string;
}
const buildUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../../../scripts/build.mjs')).href;
const { bundlePatches, patchPackageSource } = (await import(buildUrl)) as BuildModule;
const nodeModules = path.resolve(import.meta.dirname, '../../../../node_modules');

const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  for (const name of databases) await dropDatabase(adminUrl!, name).catch(() => {});
});

describe('the build’s edits of npm packages', () => {
  it('applies each to the installed package’s file, once, and records it', async () => {
    expect(bundlePatches.map((p) => p.file)).toEqual(['pg/lib/stream.js', '@fastify/compress/lib/utils.js']);
    for (const patch of bundlePatches) {
      const file = path.join(nodeModules, patch.file);
      const source = await readFile(file, 'utf8');
      const applied = new Set<Patch>();
      const edited = patchPackageSource(file, source, applied);
      expect(edited, patch.file).toContain(patch.replace);
      expect(edited.length - source.length, patch.file).toBe(patch.replace.length - patch.find.length);
      expect([...applied], patch.file).toEqual([patch]);
    }
  });

  it('leaves other files alone and fails when a package no longer has the text', () => {
    const other = path.join(nodeModules, 'fastify/fastify.js');
    expect(patchPackageSource(other, 'return obj instanceof Response')).toBe('return obj instanceof Response');
    const stream = path.join(nodeModules, 'pg/lib/stream.js');
    expect(() => patchPackageSource(stream, 'module.exports = {}')).toThrow(
      /pg\/lib\/stream\.js no longer contains `if \(typeof Response === 'function'\) \{`/,
    );
  });

  it('keeps the compiled server from loading Node’s fetch implementation to start, answer and compress', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'strideadmin-patches-'));
    dirs.push(dir);
    // Loaded before the server, writes the internal modules Node loaded as the process exits.
    const probe = path.join(dir, 'probe.mjs');
    const loaded = path.join(dir, 'loaded.json');
    await writeFile(
      probe,
      `import { writeFileSync } from 'node:fs';\n` +
        `process.on('exit', () => writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(process.moduleLoadList)));\n`,
    );
    let url: string | undefined;
    if (!onPglite) {
      const name = `strideadmin_patches_${process.pid}`;
      await createDatabase(adminUrl!, name);
      databases.push(name);
      url = databaseUrl(adminUrl!, name);
    }
    const server = await startServer({
      dataDir: dir,
      compiled: true,
      ...(url ? { databaseUrl: url } : {}),
      env: { NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` },
    });
    try {
      expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
      const docs = await fetch(`${server.origin}/api/docs/json`, { headers: { 'accept-encoding': 'gzip' } });
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-encoding')).toBe('gzip');
      expect(((await docs.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    } finally {
      expect(await stopServer(server)).toEqual({ code: 0, signal: null });
    }
    const modules = JSON.parse(await readFile(loaded, 'utf8')) as string[];
    expect(modules).toContain('NativeModule http'); // the list is Node's, and it was written
    expect(modules.filter((m) => m.includes('undici'))).toEqual([]);
  });
});
