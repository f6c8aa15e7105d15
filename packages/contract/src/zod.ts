// zod as every schema of the contract uses it (and the portal's own schemas, through the contract's
// `z`): configured here, once, before any of them checks a value.
import { z } from 'zod';
import { readableIssue } from './zod-messages.js';

// In the browser (pages and workers), zod checks objects without compiling a checker with
// `new Function`: the portal's Content-Security-Policy allows no eval (`script-src 'self'`,
// apps/api/src/plugins/external/security-headers.ts), and zod's mere probe for it is then a CSP
// violation and a console error on every signed-in page. Node (the API, the CLI, the tests) has
// no such policy and keeps the compiled checks.
const onNode = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node !== undefined;
if (!onNode) z.config({ jitless: true });

// Every issue a schema gives no message of its own is said in words (zod-messages.ts), in the
// browser and on the server alike: no zod default text reaches anyone.
z.config({ customError: readableIssue });

export { z };
