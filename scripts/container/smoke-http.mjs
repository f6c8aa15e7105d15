#!/usr/bin/env node
// The HTTP half of smoke.sh: what a person and a load balancer see of a started server.
//   node smoke-http.mjs ORIGIN   (SMOKE_EMAIL, SMOKE_PASSWORD: the first administrator)
// Waits for GET /api/health/ready 200, signs in to the portal as that administrator, reads a
// signed-in endpoint with the token, then the portal's / and /login pages and one of their
// scripts. One line per check; exit 1 at the first failure.
const origin = process.argv[2];
const email = process.env.SMOKE_EMAIL ?? 'admin@example.com';
const password = process.env.SMOKE_PASSWORD;
if (!origin || !password) {
  console.error('usage: SMOKE_PASSWORD=... node smoke-http.mjs http://127.0.0.1:PORT');
  process.exit(2);
}

function fail(what) {
  console.error(`smoke: FAILED: ${what}`);
  process.exit(1);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const readyWithinMs = Number(process.env.SMOKE_READY_WITHIN_MS ?? 60_000);
const t0 = performance.now();
for (;;) {
  const status = await fetch(`${origin}/api/health/ready`).then(
    (r) => r.status,
    () => 0,
  );
  if (status === 200) break;
  const pid = Number(process.env.SMOKE_SERVER_PID);
  if (pid && !alive(pid)) fail('the server exited before it was ready');
  if (performance.now() - t0 > readyWithinMs)
    fail(`GET /api/health/ready did not answer 200 within ${readyWithinMs} ms (last: ${status || 'no answer'})`);
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`smoke: ready (GET /api/health/ready 200 after ${Math.round(performance.now() - t0)} ms)`);

const login = await fetch(`${origin}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password, adminPortal: true }),
});
const loginBody = await login.json().catch(() => null);
const token = loginBody?.body?.token;
if (login.status !== 200 || typeof token !== 'string') fail(`POST /api/auth/login answered ${login.status}`);
console.log(`smoke: signed in as ${email} (POST /api/auth/login 200)`);

const me = await fetch(`${origin}/api/config/map`, { headers: { authorization: `Bearer ${token}` } });
if (me.status !== 200) fail(`GET /api/config/map with the token answered ${me.status}`);
console.log('smoke: the token is honoured (GET /api/config/map 200)');

let script = null;
for (const page of ['/', '/login']) {
  const res = await fetch(`${origin}${page}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  if (
    res.status !== 200 ||
    !/text\/html/.test(res.headers.get('content-type') ?? '') ||
    !/<div id="root">/.test(html)
  ) {
    fail(`GET ${page} did not answer the portal's HTML (${res.status} ${res.headers.get('content-type')})`);
  }
  script ??= /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? null;
  console.log(`smoke: GET ${page} 200 (portal HTML)`);
}
if (!script) fail('the portal HTML names no /assets/*.js script');
const asset = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'gzip, br' } });
const type = asset.headers.get('content-type') ?? '';
if (asset.status !== 200 || !/javascript/.test(type) || (await asset.arrayBuffer()).byteLength === 0) {
  fail(`GET ${script} answered ${asset.status} ${type}`);
}
console.log(
  `smoke: GET ${script} 200 (${type}${asset.headers.get('content-encoding') ? `, ${asset.headers.get('content-encoding')}` : ''})`,
);
