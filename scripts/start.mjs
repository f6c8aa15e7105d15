#!/usr/bin/env node
// `npm start`: build the portal if it is missing or older than its sources, then run the one
// server process (API under /api, portal at /) in this same process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(web, p));
sources.push(path.join(root, 'packages/contract/src'));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));

if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Portal sources changed: rebuilding the portal...' : 'Building the portal (first start)...');
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', '@strideadmin/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('The portal build failed; see above.');
    process.exit(r.status ?? 1);
  }
}

process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/api/src/server.ts'));
