// Run as a child by bench/startup.ts (`node --import tsx bench/lib/startup-phases.ts`, with the
// server's environment): the steps of apps/api/src/serve.ts one by one, each timed, printed as one
// JSON line on stdout. A diagnostic of where a start's wall-clock time goes; keep it in step with
// serve.ts. The heavy packages are imported first on their own, so their cost shows apart from
// the rest of the API's modules (the total is the same: each module loads once). The steps run one
// after another: the server itself overlaps opening the database with importing the app.
const t: Record<string, number> = {};
let last = performance.now(); // ms since this process started (performance.timeOrigin)
t['node + tsx boot'] = last;
const step = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
  const value = await fn();
  const now = performance.now();
  t[name] = now - last;
  last = now;
  return value;
};

process.env.NODE_ENV ??= 'production';
// What the configuration uses, as the server loads it: the AWS SDK only with S3_BUCKET, pg only
// with DATABASE_URL, PGlite only without, ioredis only with REDIS_URL; nodemailer and argon2 wait
// for the first e-mail and the first hash (docs/decisions/0020-start-up.md).
if (process.env.S3_BUCKET) {
  await step('import @aws-sdk/* (S3 storage)', () =>
    Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]),
  );
}
if (process.env.DATABASE_URL) await step('import pg', () => import('pg'));
else await step('import @electric-sql/pglite', () => import('@electric-sql/pglite'));
if (process.env.REDIS_URL) await step('import ioredis', () => import('ioredis'));
await step('import fastify + plugins', () =>
  Promise.all([
    import('fastify'),
    import('@fastify/static'),
    import('@fastify/helmet'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('@fastify/rate-limit'),
  ]),
);
const [{ buildApp }, { ensureFirstAdmin, ensureJwtSecret }, { loadConfig }, { openDatabase }] = await step(
  'import the rest of the API',
  () =>
    Promise.all([
      import('../../apps/api/src/app.js'),
      import('../../apps/api/src/bootstrap.js'),
      import('../../apps/api/src/config.js'),
      import('../../apps/api/src/db/open.js'),
    ]),
);
const config = await step('config', () => loadConfig());
const { mkdir } = await import('node:fs/promises');
await mkdir(config.dataDir, { recursive: true });
const database = await step('open the database (PGlite: initdb when new)', () =>
  openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
);
await step('migrate', () => database.migrate());
const jwtSecret = await step('JWT secret', () => ensureJwtSecret(config));
const app = await step('buildApp', () => buildApp({ config, database, jwtSecret, logger: false }));
await step('first administrator (argon2 hash when new)', () => ensureFirstAdmin(database.db, config, app.log));
await step('listen', () => app.listen({ host: config.host, port: config.port }));
await step('first GET /api/health', async () => {
  const res = await fetch(`http://${config.host}:${config.port}/api/health`);
  await res.arrayBuffer();
});
t.total = last;
await app.close();
await database.close();
process.stdout.write(JSON.stringify(t) + '\n');

export {};
