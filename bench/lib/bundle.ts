// The JavaScript a page of the portal really loads, measured in Chromium against a running server.
//
//   measureJsWeight(baseUrl: string, opts?: {
//     path?: string;                                   // default '/login'
//     signedIn?: { email: string; password: string };  // sign in through the /login form first
//     browser?: Browser;                               // reuse a launched Chromium (else one is launched and closed)
//   }): Promise<{ url: string; files: { name: string; bytes: number; gzipBytes: number }[]; totalBytes: number; totalGzip: number }>
//
// Without `signedIn` it opens `path` (default /login) in a fresh browser context. With `signedIn`
// it signs in through the login form, then opens `path` (default /: the dashboard) in a NEW page of
// that signed-in context, so the figure is what a signed-in visitor's cold load of that page costs.
// Every response that is JavaScript (script, module, modulepreload, worker) until the network is
// idle is counted once; `gzipBytes` is gzip -9 of the file's bytes (what a compressing server or
// CDN would send), `bytes` its raw size. Files are sorted by gzip size, largest first.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from '@playwright/test';

export interface JsFile {
  /** The file name under /assets (or the URL path for anything else). */
  name: string;
  bytes: number;
  gzipBytes: number;
}

export interface JsWeight {
  url: string;
  files: JsFile[];
  totalBytes: number;
  totalGzip: number;
}

export interface MeasureJsOptions {
  path?: string;
  signedIn?: { email: string; password: string };
  browser?: Browser;
}

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
}

/** Collects every JavaScript response of `page` from now on; `done()` waits for the bodies. */
function collectJs(page: Page) {
  const bodies = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: Response) => {
    if (!isJavaScript(response) || bodies.has(response.url())) return;
    bodies.set(
      response.url(),
      response.body().catch(() => null),
    );
  };
  page.on('response', onResponse);
  return async (): Promise<JsFile[]> => {
    page.off('response', onResponse);
    const files: JsFile[] = [];
    for (const [url, body] of bodies) {
      const buf = await body;
      if (!buf) continue;
      const name = new URL(url).pathname.replace(/^\/assets\//, '');
      files.push({ name, bytes: buf.length, gzipBytes: gzipSync(buf, { level: 9 }).length });
    }
    return files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  };
}

export async function measureJsWeight(baseUrl: string, opts: MeasureJsOptions = {}): Promise<JsWeight> {
  const base = baseUrl.replace(/\/+$/, '');
  const browser = opts.browser ?? (await chromium.launch(chromiumLaunchOptions));
  const context = await browser.newContext();
  try {
    if (opts.signedIn) {
      const login = await context.newPage();
      await login.goto(`${base}/login`);
      await login.getByLabel('Email').fill(opts.signedIn.email);
      await login.getByLabel('Password').fill(opts.signedIn.password);
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
      await login.close();
    }
    const target = opts.path ?? (opts.signedIn ? '/' : '/login');
    const page = await context.newPage();
    const done = collectJs(page);
    await page.goto(base + target, { waitUntil: 'networkidle' });
    const files = await done();
    return {
      url: target,
      files,
      totalBytes: files.reduce((s, f) => s + f.bytes, 0),
      totalGzip: files.reduce((s, f) => s + f.gzipBytes, 0),
    };
  } finally {
    await context.close();
    if (!opts.browser) await browser.close();
  }
}
