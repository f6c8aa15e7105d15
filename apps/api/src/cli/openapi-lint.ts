// `npm run api:lint` (part of `npm run check`): lints the API's OpenAPI document, as the server
// publishes it at /api/docs/json (apps/api/src/cli/openapi.ts), with Spectral and the rules of
// .spectral.yaml. Fails on any error or warning, each printed with where it is in the document.
import { openApiDocument } from './openapi.js';
import { spectralLint } from './spectral.js';

const run = await spectralLint(await openApiDocument(), 'stylish');
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
process.exitCode = run.code;
