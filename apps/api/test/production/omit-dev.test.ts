import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The production install, as the Dockerfile makes it, run for real: scripts/container/build.sh in
// a copy of this source tree (npm ci + npm run build), install-production.sh into a fresh folder
// (the build, migrations and `npm ci --omit=dev`, nothing else), then smoke.sh on it: read-only,
// as an unprivileged user, started both as the image starts it and through `npm start`.
// It needs the npm registry and a few minutes, so it runs only with CI=true or TEST_PRODUCTION=1,
// and only in the api:pglite project (it uses no test database; once is enough).
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const ci = process.env.CI === 'true' || process.env.CI === '1';
// With TEST_NODE_LTS (CI: 24) the API suite runs twice, on this Node and on that LTS: the image runs
// the LTS, so this test runs in that pass only (once is enough; it costs minutes).
const lts = process.env.TEST_NODE_LTS?.trim();
const onLts = !lts || process.versions.node.split('.')[0] === lts;
const enabled = (ci || process.env.TEST_PRODUCTION === '1') && onLts;
const onPglite = (process.env.TEST_DB ?? 'pglite') === 'pglite';

if (onPglite && !onLts) {
  process.stderr.write(
    `\nomit-dev.test.ts: runs in the Node ${lts} pass of this run (TEST_NODE_LTS), the Node the image runs.\n\n`,
  );
} else if (onPglite && !enabled) {
  process.stderr.write(
    [
      '',
      '#'.repeat(78),
      '#  PRODUCTION INSTALL TEST SKIPPED (apps/api/test/production/omit-dev.test.ts):',
      '#  the omit-dev install + read-only smoke (scripts/container/*.sh) did NOT run.',
      '#  It needs the npm registry and a few minutes. Run it with:',
      '#    TEST_PRODUCTION=1 npx vitest run --project api:pglite apps/api/test/production/omit-dev.test.ts',
      '#  (CI=true runs it too.)',
      '#'.repeat(78),
      '',
      '',
    ].join('\n'),
  );
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The environment of a person's shell: our Node first on PATH; nothing from vitest or npm's run. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k === 'NODE_ENV' || k.startsWith('VITEST') || k.startsWith('TEST_') || k === 'NODE_OPTIONS') continue;
    if (k.startsWith('npm_') && !['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig'].includes(k)) {
      continue;
    }
    env[k] = v;
  }
  env.PATH = [path.dirname(process.execPath), process.env.PATH].join(path.delimiter);
  return { ...env, ...extra };
}

function run(cmd: string, args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<Run> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: cleanEnv(opts.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: Math.round(performance.now() - t0) }));
  });
}

function explain(r: Run): string {
  return `exit ${r.code} after ${r.ms} ms\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
}

describe.skipIf(!enabled || !onPglite)('production install from a build (npm ci --omit=dev), read-only', () => {
  let work: string;
  let src: string;
  let dest: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'strideadmin-production-'));
    chmodSync(work, 0o755); // smoke.sh's unprivileged user must reach DEST
    src = path.join(work, 'src');
    dest = path.join(work, 'app');
    // The source tree as a checkout has it: tracked files and new ones, not what .gitignore leaves
    // out (node_modules, dist, data).
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => f && existsSync(path.join(root, f)));
    for (const f of files) {
      mkdirSync(path.dirname(path.join(src, f)), { recursive: true });
      cpSync(path.join(root, f), path.join(src, f));
    }
    const build = await run('bash', ['scripts/container/build.sh'], { cwd: src });
    expect(build.code, explain(build)).toBe(0);
    const install = await run('bash', [path.join(src, 'scripts/container/install-production.sh'), src, dest], {
      cwd: work,
    });
    expect(install.code, explain(install)).toBe(0);
    process.stdout.write(`production install: build.sh ${build.ms} ms, install-production.sh ${install.ms} ms\n`);
  }, 600_000);

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  }, 300_000);

  it('holds the build, the migrations and the runtime dependencies: no sources, no dev tools', () => {
    for (const f of ['apps/api/dist/server.js', 'apps/api/dist/.build-stamp', 'apps/web/dist/index.html']) {
      expect(existsSync(path.join(dest, f)), f).toBe(true);
    }
    expect(readdirSync(path.join(dest, 'apps/api/drizzle')).some((f) => f.endsWith('.sql'))).toBe(true);
    expect(existsSync(path.join(dest, 'apps/api/resources/common-passwords.txt'))).toBe(true);
    for (const absent of ['.git', 'apps/api/src', 'apps/web/src', 'packages/contract/src', 'data']) {
      expect(existsSync(path.join(dest, absent)), absent).toBe(false);
    }
    for (const tool of ['esbuild', 'vite', 'tsx', 'typescript', 'vitest', 'drizzle-kit']) {
      expect(existsSync(path.join(dest, 'node_modules', tool)), `node_modules/${tool}`).toBe(false);
    }
    for (const runtime of ['fastify', '@electric-sql/pglite', 'pg', 'zod']) {
      expect(existsSync(path.join(dest, 'node_modules', runtime)), `node_modules/${runtime}`).toBe(true);
    }
  });

  it('starts read-only as an unprivileged user (node and npm start), serves, and stops on SIGTERM', async () => {
    const smoke = await run('bash', [path.join(src, 'scripts/container/smoke.sh'), dest], { cwd: work });
    expect(smoke.code, explain(smoke)).toBe(0);
    expect(smoke.stdout).toContain(`node ${process.version}`);
    expect(smoke.stdout).toMatch(/check-imports: the \d+ packages the compiled API imports all resolve/);
    expect(smoke.stdout).toMatch(/\[node\] SIGTERM to the server .* exit 0/);
    expect(smoke.stdout).toMatch(/\[npm-start\] SIGTERM to the server .* exit 0/);
    expect(smoke.stdout).toContain('nothing inside');
    expect(smoke.stdout).toContain('smoke: OK');
  }, 300_000);

  it('without the build, `npm start` refuses in one clear line and exit 1', async () => {
    const unbuilt = path.join(work, 'unbuilt');
    cpSync(dest, unbuilt, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (from) => from !== path.join(dest, 'apps/api/dist'),
    });
    const data = path.join(work, 'unbuilt-data');
    const r = await run('npm', ['start'], { cwd: unbuilt, env: { DATA_DIR: data } });
    expect(r.code, explain(r)).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
    expect(lines, explain(r)).toEqual([
      'The API server is not built (apps/api/dist) and its build tool (esbuild) is not installed. ' +
        'Run `npm run build` where the dev dependencies are installed, or `npm install` here.',
    ]);
    expect(existsSync(data)).toBe(false);
  }, 60_000);
});
