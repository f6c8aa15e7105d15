#!/usr/bin/env node
// `node scripts/common-passwords.mjs`: writes apps/api/resources/common-passwords.txt, the most
// common passwords the API refuses on every password set. Source: the ranked password list of the
// npm package @zxcvbn-ts/language-common (MIT licence; most common first), taken at a fixed
// version with `npm pack` into a temporary folder: the package is not a dependency of the project.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/build-state.mjs';

const pkg = '@zxcvbn-ts/language-common';
const version = '4.1.3';
const count = 10_000;
const output = path.join(root, 'apps/api/resources/common-passwords.txt');
const licence = path.join(root, 'apps/api/resources/common-passwords.LICENSE.txt');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'common-passwords-'));
try {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const tarball = execFileSync(npm, ['pack', `${pkg}@${version}`, '--silent'], { cwd: tmp, encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', tarball], { cwd: tmp });
  const ranked = JSON.parse(readFileSync(path.join(tmp, 'package/src/passwords.json'), 'utf8'));
  if (!Array.isArray(ranked) || ranked.length < count) throw new Error(`${pkg}: fewer than ${count} passwords`);
  const top = ranked.slice(0, count).map((p) => String(p).toLowerCase());
  if (new Set(top).size !== count || top.some((p) => p === '' || p.startsWith('#') || /\s/.test(p))) {
    throw new Error(`${pkg}: the list is not one distinct word a line`);
  }
  const header = [
    `# The ${count} most common passwords, most common first, one a line, lower case.`,
    `# Source: the ranked password list (src/passwords.json) of the npm package ${pkg}@${version},`,
    '# MIT licence (common-passwords.LICENSE.txt): Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.;',
    '# Copyright (c) 2021 @zxcvbn-ts.',
    '# Regenerate with `node scripts/common-passwords.mjs`. Lines starting with # are comments.',
  ];
  writeFileSync(output, [...header, ...top].join('\n') + '\n');
  // The MIT licence asks that its notice travel with the copy.
  writeFileSync(licence, readFileSync(path.join(tmp, 'package/LICENSE.txt'), 'utf8'));
  console.log(`wrote ${path.relative(root, output)}: ${count} passwords from ${pkg}@${version}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
