#!/usr/bin/env node
// `node scripts/check-standalone.mjs` (part of `npm run check`): the repository stands alone. A
// person who clones it has no folder beside it and no access to our issue tracker, so no tracked
// file may send them to one: the product's rules are in docs/behaviour.md, the architecture in
// docs/architecture.md. Lists every offending line as file:line and exits 1; exits 0 when none.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = 'scripts/check-standalone.mjs';
/** Generated, or other people's words: not ours to reword. */
const skipped = new Set(['package-lock.json', self]);

/** What a line must not say, and what to write instead. */
const rules = [
  { pattern: /\.\.\/shared\b/, why: 'a path into ../shared, which a clone does not have' },
  { pattern: /portal-spec/, why: 'the specification outside the repository: cite docs/behaviour.md §1–§9' },
  { pattern: /\bPRODUCT\.md\b/, why: 'the product design outside the repository: cite docs/behaviour.md §10–§13' },
  { pattern: /\b(?:ARCHITECTURE|STYLE)\.md\b/, why: 'a design file outside the repository: cite docs/architecture.md' },
  {
    pattern: /\bspec(?:ification)?(?:'s)?\s*(?:§|section\s+\d)/i,
    why: 'a section of the specification: cite docs/behaviour.md §N',
  },
  {
    pattern: /\b(?:issue|ticket)\s*#?\d+/i,
    why: 'an issue-tracker number: say the capability in words',
  },
  {
    // "the Production issue", 'the "Production" issue'; "Production issue, item 4"
    pattern: /\b[Tt]he\s+(?:"[^"\n]{1,40}"|[A-Z][\w-]*)\s+issue\b|\b[A-Z][\w-]*\s+issue(?=\s*[,:]|\s+(?:item|§))/,
    why: 'a named issue of the tracker: say the capability in words',
  },
];

const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && !skipped.has(f));

const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // listed but absent (deleted in the work tree, or a submodule)
  }
  if (text.includes('\0')) continue; // binary
  text.split(/\r?\n/).forEach((line, i) => {
    for (const { pattern, why } of rules) {
      const m = pattern.exec(line);
      if (m) problems.push(`${file}:${i + 1}: "${m[0]}" — ${why}\n    ${line.trim().slice(0, 160)}`);
    }
  });
}

if (problems.length > 0) {
  console.error(`check-standalone: ${problems.length} reference(s) to documents outside the repository:\n`);
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`check-standalone: ${files.length} tracked files cite only what the repository holds.`);
