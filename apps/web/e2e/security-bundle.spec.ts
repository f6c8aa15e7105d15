// Security of the build: the built client holds no secret, the built pages get the headers they need, and
// an uploaded image never runs in the browser. This runs after `npm run build` (the server it tests
// serves apps/web/dist), so the bundle checked is the one people get.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accounts } from './support/accounts';
import { expect, test } from './support/fixtures';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const textFile = /\.(m?js|css|html|svg|json|map|txt|webmanifest)$/i;

/** Every text file of the built portal: name relative to dist, and contents. */
function builtFiles(): Array<{ name: string; text: string }> {
  const files: Array<{ name: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (textFile.test(entry.name))
        files.push({ name: path.relative(dist, full), text: readFileSync(full, 'utf8') });
    }
  };
  walk(dist);
  return files;
}

/** What the e2e server keeps in its DATA_DIR (the generated JWT secret...), one value per file. */
function dataDirSecrets(): Array<{ what: string; value: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return readdirSync(dataDir)
    .map((name) => path.join(dataDir, name))
    .filter((file) => statSync(file).isFile() && statSync(file).size < 64 * 1024)
    .map((file) => ({ what: `DATA_DIR/${path.basename(file)}`, value: readFileSync(file, 'utf8').trim() }))
    .filter(({ value }) => value.length >= 8);
}

/** Configuration names that hold secrets or server-side addresses: the client never names them. */
const serverOnlyNames = [
  'JWT_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'S3_ACCESS_KEY_ID',
  'FCM_',
  'SMTP_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'ADMIN_PASSWORD',
  'MAP_TILE_URL',
  'DATA_DIR',
  'process.env',
];

/** Shapes of keys and credentials, whatever their value. */
const keyShapes: Array<[string, RegExp]> = [
  ['a PEM block (private key, certificate)', /-----BEGIN [A-Z ]+-----/],
  ['an AWS access key id', /\b(AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['a Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['a service-account JSON', /"private_key(_id)?"\s*:/],
  ['a URL with a password', /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@"'`]+:[^/\s@"'`]+@/i],
];

test.describe('the built portal', () => {
  test('contains no secret, no server configuration and no map tile address', async ({ request }) => {
    expect(existsSync(path.join(dist, 'index.html')), 'apps/web/dist is built').toBe(true);
    const files = builtFiles();
    expect(files.filter((f) => f.name.endsWith('.js')).length).toBeGreaterThan(5);

    // The values the e2e server really runs with: what its DATA_DIR holds (the generated JWT
    // secret), the first administrator's password, and the map tiles it is configured with.
    const secrets = dataDirSecrets();
    expect(secrets.map((s) => s.what)).toContain('DATA_DIR/jwt-secret');
    secrets.push({ what: 'ADMIN_PASSWORD', value: accounts.admin.password });
    secrets.push({ what: 'DATA_DIR path', value: process.env.E2E_DATA_DIR! });
    const login = await request.post('/api/auth/login', {
      data: { email: accounts.admin.email, password: accounts.admin.password, adminPortal: true },
    });
    const { token } = ((await login.json()) as { body: { token: string } }).body;
    const map = await request.get('/api/config/map', { headers: { authorization: `Bearer ${token}` } });
    const { tileUrl } = ((await map.json()) as { body: { tileUrl: string } }).body;
    // Decision 0009: tiles (and any provider key inside their URL) come from configuration only.
    secrets.push({ what: 'MAP_TILE_URL', value: tileUrl });
    secrets.push({ what: 'the tile host', value: new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).host });
    secrets.push({ what: 'a tile template', value: '{z}/{x}/{y}' });

    const found: string[] = [];
    for (const { name, text } of files) {
      for (const { what, value } of secrets) if (text.includes(value)) found.push(`${name}: ${what}`);
      for (const word of serverOnlyNames) if (text.includes(word)) found.push(`${name}: ${word}`);
      for (const [what, shape] of keyShapes) if (shape.test(text)) found.push(`${name}: ${what}`);
    }
    expect(found).toEqual([]);
  });

  test('pages run external scripts only, and the token pages never leak their URL', async ({ request }) => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    // The CSP has no 'unsafe-inline' for scripts: every script of the page is a file.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, body] of scripts) {
      expect(attributes, tag).toMatch(/\bsrc="\/[^"]+"/);
      expect(body!.trim(), tag).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers
    expect(html).not.toMatch(/<meta[^>]+(name="referrer"|http-equiv)/i); // nothing overrides the headers

    for (const url of ['/reset-password?token=e2e-reset-token', '/verify-account?token=e2e-verify-token', '/']) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      const headers = res.headers();
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['content-security-policy'], url).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
      expect(headers['content-security-policy'], url).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

test.describe('an uploaded image in the browser', () => {
  test.use({
    allowConsoleErrors: [
      // One pattern: Playwright reads a two-element option array as [value, options]. The first is
      // the script refused; the second, Chromium's own image viewer styling its page inline (the
      // image's CSP, default-src 'none', blocks that).
      /Refused to execute script .* MIME type \('image\/gif'\)|^Applying inline style violates the following Content Security Policy directive 'default-src 'none''/,
    ],
  });

  test('a GIF that is also JavaScript and HTML never runs, as a script of the portal or as a page', async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/auth/login', {
      data: { email: accounts.admin.email, password: accounts.admin.password, adminPortal: true },
    });
    const { token } = ((await login.json()) as { body: { token: string } }).body;
    const presigned = await request.post('/api/getPresignedUrl', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'innocent.gif', dict: 'gift_card_images', dataType: 'image/gif' },
    });
    const { url } = ((await presigned.json()) as { body: { url: string } }).body;
    // `GIF89a/*...*/=...` is a valid GIF signature and a valid script; the server stores it (the
    // bytes start like a GIF) and must make sure it can only ever be an image.
    const polyglot = Buffer.concat([
      Buffer.from('GIF89a/*'),
      Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]),
      Buffer.from('*/=1;window.polyglotRan="script";//<html><script>window.polyglotRan="page"</script></html>'),
    ]);
    const put = await request.put(url, { headers: { 'content-type': 'image/gif' }, data: polyglot });
    expect(put.status()).toBe(200);
    const address = new URL(url).pathname;

    // A <script src> to it on the portal's own origin (which the CSP's script-src 'self' allows).
    await page.goto('/login');
    const outcome = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.onload = () => resolve('loaded');
          script.onerror = () => resolve('refused');
          document.head.append(script);
        }),
      address,
    );
    expect(outcome).toBe('refused');
    expect(await page.evaluate(() => (window as { polyglotRan?: string }).polyglotRan)).toBeUndefined();

    // Opened as a page: an image document, no script in it.
    const res = await page.goto(address);
    expect(res?.headers()['content-type']).toBe('image/gif');
    expect(await page.evaluate(() => document.contentType)).toBe('image/gif');
    expect(await page.evaluate(() => document.querySelectorAll('script').length)).toBe(0);
    expect(await page.evaluate(() => (window as { polyglotRan?: string }).polyglotRan)).toBeUndefined();
  });
});
