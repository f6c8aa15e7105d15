import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The Dockerfile and compose.yaml, read as files (no container engine here): what they run is
// what CI runs, and the names they use are the product's.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions: comments dropped, `\` continuations joined. */
function dockerfile(text: string): Instruction[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (current === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      current += line.slice(0, -1) + ' ';
      continue;
    }
    logical.push(current + line);
    current = '';
  }
  return logical.map((l) => {
    const [keyword = '', ...rest] = l.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}

const instructions = dockerfile(read('Dockerfile'));
const all = (keyword: string) => instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** The variables apps/api/src/config.ts reads: the keys of its envSchema. */
function configVariables(): Set<string> {
  const source = read('apps/api/src/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  expect(start, 'envSchema in config.ts').toBeGreaterThan(-1);
  const body = source.slice(start, source.indexOf('\n});', start));
  return new Set([...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!));
}

/** Scripts under scripts/container that the omit-dev test runs, directly or from those scripts. */
function exercisedScripts(): Set<string> {
  const named = (text: string) => [...text.matchAll(/([a-z-]+\.(?:sh|mjs))\b/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = named(read('apps/api/test/production/omit-dev.test.ts'));
  while (queue.length) {
    const name = queue.shift()!;
    const file = `scripts/container/${name}`;
    if (seen.has(name) || !existsSync(path.join(root, file))) continue;
    seen.add(name);
    queue.push(...named(read(file)));
  }
  return seen;
}

describe('Dockerfile', () => {
  it('runs only scripts under scripts/container that exist and that the omit-dev test exercises', () => {
    const runs = all('RUN');
    expect(runs.length).toBeGreaterThan(0);
    const exercised = exercisedScripts();
    for (const run of runs) {
      const m = /^\/?(?:src\/)?(scripts\/container\/([a-z-]+\.sh))(\s|$)/.exec(run);
      expect(m, `RUN ${run}: must call one script under scripts/container`).not.toBeNull();
      expect(run, 'one script per RUN, no shell glue').not.toMatch(/&&|\|\||;|\|/);
      expect(existsSync(path.join(root, m![1]!)), m![1]).toBe(true);
      expect(exercised.has(m![2]!), `${m![1]} is not run by apps/api/test/production/omit-dev.test.ts`).toBe(true);
    }
  });

  it('runs the server as a user that is not root, from /app, on the volume /data', () => {
    const users = all('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(all('VOLUME')).toContain('/data');
    expect(all('EXPOSE')).toContain('3000');
    const env = all('ENV').join(' ');
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    expect(env).toMatch(/\bDATA_DIR=\/data\b/);
    expect(all('CMD').at(-1)).toBe('["node", "apps/api/dist/server.js"]');
  });

  it('checks health on /api/health/ready', () => {
    const [check] = all('HEALTHCHECK');
    expect(check).toContain('/api/health/ready');
  });

  it('uses the Node.js major that CI also tests the API on (TEST_NODE_LTS in .ci/run)', () => {
    const lts = /^export TEST_NODE_LTS="?\$\{TEST_NODE_LTS:-(\d+)\}"?|^export TEST_NODE_LTS="?(\d+)"?/m.exec(
      read('.ci/run'),
    );
    expect(lts, 'export TEST_NODE_LTS=... in .ci/run').not.toBeNull();
    const major = lts![1] ?? lts![2];
    const args = new Map(all('ARG').map((a): [string, string] => [a.split('=')[0]!, a.split('=')[1] ?? '']));
    const images = all('FROM').map((f) =>
      f.split(/\s+/)[0]!.replace(/^\$\{(\w+)\}$/, (_, n: string) => args.get(n) ?? ''),
    );
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) expect(image).toMatch(new RegExp(`^node:${major}(-|$)`));
  });

  it('sets only variables config.ts reads', () => {
    const known = configVariables();
    const names = all('ENV').flatMap((e) => [...e.matchAll(/(\w+)=/g)].map((m) => m[1]!));
    for (const name of names) expect(known.has(name), `Dockerfile ENV ${name}`).toBe(true);
  });
});

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<
      string,
      {
        environment?: Record<string, string>;
        healthcheck?: unknown;
        depends_on?: Record<string, { condition: string }>;
        build?: unknown;
      }
    >;
  };
  const app = compose.services.app!;

  it('gives the app only variables config.ts reads, the production services among them', () => {
    const known = configVariables();
    const names = Object.keys(app.environment ?? {});
    for (const name of names) expect(known.has(name), `compose app variable ${name} is not in config.ts`).toBe(true);
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_FORCE_PATH_STYLE',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'SMTP_URL',
      'JWT_SECRET',
      'ADMIN_PASSWORD',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(app.environment!.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(app.environment!.ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD:\?/);
  });

  it('builds the app from the Dockerfile and starts it after healthy services', () => {
    expect(app.build).toBe('.');
    const deps = app.depends_on ?? {};
    for (const service of ['postgres', 'redis', 'minio-bucket', 'mailpit']) {
      expect(Object.keys(deps), service).toContain(service);
      const s = compose.services[service]!;
      expect(deps[service]!.condition).toBe(s.healthcheck ? 'service_healthy' : 'service_completed_successfully');
    }
    for (const service of ['postgres', 'redis', 'minio', 'mailpit']) {
      expect(compose.services[service]?.healthcheck, `${service} healthcheck`).toBeDefined();
    }
    expect(compose.services.postgres as unknown).toMatchObject({ image: expect.stringMatching(/^postgres:1[56]\b/) });
  });
});
