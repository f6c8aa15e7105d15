import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the API package lives on disk. This file sits one folder below the package root both as
 * TypeScript (`src/paths.ts`) and once compiled (`dist/*.js`: the build writes every entry and
 * chunk flat into `dist/`), so the same relative step finds the root either way.
 */
export const apiRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The SQL migrations Drizzle Kit wrote; read at start-up, never bundled. */
export const migrationsFolder = path.join(apiRoot, 'drizzle');

/** The built portal, when WEB_DIST_DIR does not say otherwise. */
export const defaultWebDistDir = path.resolve(apiRoot, '../web/dist');

/** The most common passwords, refused on every password set (scripts/common-passwords.mjs); read once. */
export const commonPasswordsFile = path.join(apiRoot, 'resources', 'common-passwords.txt');
