#!/usr/bin/env node
// `npm start`: run the compiled server (apps/api/dist/server.js) in this process, serving the built
// portal. A build that is missing or older than its sources is made first when the build tools are
// installed, so `npm install && npm start` is the whole start on a fresh machine; after
// `npm run build`, `npm ci --omit=dev` is enough to run it (nothing is written to the tree).
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState, root, targets } from './lib/build-state.mjs';
import { mapStackTraces } from './lib/stack-source-maps.mjs';

const tool = { web: 'vite', api: 'esbuild' };
const parent = process.ppid;

function installed(name) {
  try {
    createRequire(path.join(root, 'apps/web/package.json')).resolve(`${tool[name]}/package.json`);
    return true;
  } catch {
    return false;
  }
}

// WEB_DIST_DIR names a portal built elsewhere: there is nothing of ours to build for it.
for (const name of process.env.WEB_DIST_DIR ? ['api'] : ['web', 'api']) {
  const target = targets[name];
  const state = buildState(target);
  if (state === 'fresh') continue;
  if (!installed(name)) {
    if (state === 'stale') {
      console.warn(`Note: the ${target.label} in ${target.output} was built from other sources; running it as built.`);
      continue;
    }
    console.error(
      `The ${target.label} is not built (${target.output}) and its build tool (${tool[name]}) is not installed. ` +
        'Run `npm run build` where the dev dependencies are installed, or `npm install` here.',
    );
    process.exit(1);
  }
  console.log(
    state === 'missing'
      ? `Building the ${target.label} (first start)...`
      : `The ${target.label}'s sources changed: rebuilding...`,
  );
  const { buildTarget } = await import('./build.mjs');
  try {
    await buildTarget(name, { ifStale: true });
  } catch (err) {
    console.error(`The ${target.label} build failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

// Stopped while building (npm, our parent, went away): do not start a server nobody watches.
if (parent > 1 && process.ppid !== parent) process.exit(1);

process.env.NODE_ENV ??= 'production';
// Stack traces name the TypeScript sources, reading a source map only when a trace is written
// (Node's own --enable-source-maps, when given, does it its way).
if (!process.sourceMapsEnabled) mapStackTraces(path.join(root, targets.api.output));
await import(pathToFileURL(path.join(root, targets.api.output, 'server.js')).href);
