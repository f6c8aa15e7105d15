#!/usr/bin/env node
// Every npm package the compiled API imports (apps/api/dist, statically or on demand: the S3,
// PostgreSQL and Redis drivers load only when configured) must resolve in a production install.
// A smoke start on PGlite loads only some of them; this finds a runtime import that only a dev
// dependency provides, or that the build left external by mistake.
//   node scripts/container/check-imports.mjs DEST
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const dest = process.argv[2];
if (!dest) {
  console.error('usage: node check-imports.mjs DEST');
  process.exit(2);
}
const dist = path.resolve(dest, 'apps/api/dist');
const specifiers = new Set();
for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  const patterns = [
    /(?:^|\n)(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)";/g,
    /(?:^|\n)import\s*"([^"]+)";/g,
    /\bimport\("([^"]+)"\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) specifiers.add(m[1]);
}
const packages = [...specifiers]
  .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
  .sort();
// Resolved as the compiled server resolves them: Node's ESM rules from apps/api/dist (an inline
// module's import.meta.url is in its working directory), in a child so nothing of ours is on the way.
const probe = `
  const missing = [];
  for (const s of JSON.parse(process.env.CHECK_IMPORTS)) {
    try { import.meta.resolve(s); } catch (err) { missing.push(s + ' (' + String(err.message).split('\\n')[0] + ')'); }
  }
  process.stdout.write(JSON.stringify(missing));
`;
const child = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
  cwd: dist,
  env: { ...process.env, CHECK_IMPORTS: JSON.stringify(packages) },
  encoding: 'utf8',
});
if (child.status !== 0) {
  console.error(`check-imports: the resolver failed:\n${child.stderr}`);
  process.exit(1);
}
const missing = JSON.parse(child.stdout);
if (packages.length === 0 || missing.length) {
  console.error(
    packages.length === 0
      ? `check-imports: no package imports found in ${dist}`
      : `check-imports: FAILED: the compiled API imports what this install lacks:\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`check-imports: the ${packages.length} packages the compiled API imports all resolve`);
