import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsHash } from '../../src/db/migrations.js';
import { placePgliteTemplate } from '../../src/db/pglite-template.js';

// The build's template database, placed into a new DATA_DIR (docs/decisions/0020-start-up.md).
// A stand-in template here: the placing only looks at the migrations stamp and PG_VERSION.
let work: string;
let template: string;

async function modes(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, p), (await stat(p)).mode & 0o777);
  }
  return out;
}

async function readOnlyTree(p: string): Promise<void> {
  const info = await stat(p);
  if (info.isDirectory()) for (const name of await readdir(p)) await readOnlyTree(path.join(p, name));
  await chmod(p, info.isDirectory() ? 0o555 : 0o444);
}

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'strideadmin-template-'));
  template = path.join(work, 'template');
  await mkdir(path.join(template, 'pgdata', 'base', '1'), { recursive: true });
  await writeFile(path.join(template, 'pgdata', 'PG_VERSION'), '17\n');
  await writeFile(path.join(template, 'pgdata', 'base', '1', '1259'), 'pages');
  await writeFile(path.join(template, 'migrations.sha256'), (await migrationsHash()) + '\n');
});

afterEach(async () => {
  await chmod(template, 0o755).catch(() => {});
  for (const dir of [
    path.join(template, 'pgdata'),
    path.join(template, 'pgdata', 'base'),
    path.join(template, 'pgdata', 'base', '1'),
  ])
    await chmod(dir, 0o755).catch(() => {});
  await rm(work, { recursive: true, force: true });
});

describe('placePgliteTemplate', () => {
  it('copies a read-only template (an image: root owns it, the server cannot write to it) owner-only and writable', async () => {
    await readOnlyTree(template);
    const dbDir = path.join(work, 'data', 'db');
    await mkdir(path.dirname(dbDir));
    expect(await placePgliteTemplate(dbDir, template)).toBe(true);
    expect(await readFile(path.join(dbDir, 'base', '1', '1259'), 'utf8')).toBe('pages');
    expect((await stat(dbDir)).mode & 0o777).toBe(0o700);
    // PGlite writes into every folder and file of its database: read-only copies failed its start.
    expect(Object.fromEntries(await modes(dbDir))).toEqual({
      PG_VERSION: 0o600,
      base: 0o700,
      'base/1': 0o700,
      'base/1/1259': 0o600,
    });
    expect(await readdir(path.dirname(dbDir))).toEqual(['db']); // no half-made copy left beside it
  });

  it('leaves a folder that holds a database alone, and a template of other migrations unused', async () => {
    const dbDir = path.join(work, 'db');
    await mkdir(dbDir);
    await writeFile(path.join(dbDir, 'PG_VERSION'), '17\n');
    expect(await placePgliteTemplate(dbDir, template)).toBe(false);
    expect(await readdir(dbDir)).toEqual(['PG_VERSION']);

    await writeFile(path.join(template, 'migrations.sha256'), 'another build\n');
    const fresh = path.join(work, 'fresh');
    expect(await placePgliteTemplate(fresh, template)).toBe(false);
    await expect(stat(fresh)).rejects.toThrow();
  });
});
