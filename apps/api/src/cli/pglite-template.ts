import { makePgliteTemplate } from '../db/pglite-template.js';

/**
 * A step of the build (scripts/build.mjs), not a command for operators: `node
 * apps/api/dist/pglite-template.js <folder>` makes the embedded database every new DATA_DIR
 * starts from (db/pglite-template.ts) in <folder>, which must not exist yet.
 */
const target = process.argv[2];
if (!target) {
  console.error('usage: node pglite-template.js <new folder>');
  process.exit(2);
}
await makePgliteTemplate(target);
