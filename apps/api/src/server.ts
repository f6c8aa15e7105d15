import module from 'node:module';

// The process entry (what the image runs as `node apps/api/dist/server.js`). It only turns on
// Node's compile cache, then loads the server (serve.ts): with the cache, V8's compiled code for
// the server's modules is kept on disk after a start and read back at the next one instead of being
// compiled again (docs/decisions/0020-start-up.md). It must be turned on before those modules are
// loaded, hence this separate entry and the dynamic import. Node ≥ 22.1 has it (the image's Node
// 24); on older Node this does nothing. Node's own variables apply: NODE_COMPILE_CACHE names the
// folder (default: node-compile-cache in the system's temporary folder), NODE_DISABLE_COMPILE_CACHE=1
// turns it off. A folder that cannot be written is not an error: the server starts without it.
const withCache = module as typeof module & { enableCompileCache?: () => unknown };
try {
  withCache.enableCompileCache?.();
} catch {
  // Never a reason not to start.
}
await import('./serve.js');
