#!/usr/bin/env node
// `node scripts/api.mjs <entry> [args...]`: one of the API's command-line entries (backup,
// restore, ...). Runs the compiled apps/api/dist/<entry>.js when the build is current (a
// production install has no TypeScript tooling), else the TypeScript source through tsx.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiEntries } from './build.mjs';
import { buildState, root, targets } from './lib/build-state.mjs';

const [, , rawName, ...rest] = process.argv;
const name = rawName?.replace(/^cli\//, '');
if (!name || !(name in apiEntries)) {
  console.error(`usage: node scripts/api.mjs <${Object.keys(apiEntries).join('|')}> [arguments]`);
  process.exit(2);
}
process.argv = [process.argv[0], name, ...rest];
const compiled = path.join(root, targets.api.output, `${name}.js`);
let tsx = null;
if (buildState(targets.api) !== 'fresh') tsx = await import('tsx/esm/api').catch(() => null);
process.setSourceMapsEnabled(true);
if (tsx) {
  tsx.register();
  await import(pathToFileURL(path.join(root, apiEntries[name])).href);
} else if (existsSync(compiled)) {
  await import(pathToFileURL(compiled).href);
} else {
  console.error(`${name}: the API is not built (${targets.api.output}); run \`npm run build\` first.`);
  process.exit(1);
}
