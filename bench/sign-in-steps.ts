// `npx tsx bench/sign-in-steps.ts` — bench/portal.ts's sign-in (click → Home's four charts drawn),
// step by step, on one or more builds of the portal side by side: each build served by its own
// server (WEB_DIST_DIR) on the same demo data, the builds' sign-ins interleaved (one context each
// in turn, a fresh one every time), and for each step the median over the runs, in ms from the
// click: the login call sent and answered (>, <), the shell on screen, the shell's and Home's calls
// sent and answered, the charts in the DOM, and drawn (the frame after them). A build's own
// figures move with the machine; builds measured in the same sitting compare
// (docs/decisions/0019-portal-loading.md). Prints; records nothing.
//
// Environment: BENCH_DISTS (comma-separated portal builds, e.g. a copy of apps/web/dist made
// before a change and apps/web/dist after it; default apps/web/dist), BENCH_RUNS (8), BENCH_REUSE=1,
// DATABASE_URL (PostgreSQL; else PGlite, one server at a time cannot share it: give one build).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from './lib/browser.js';
import { root, type ServerChild, startServer } from './lib/child.js';
import { benchAdmin, demoDatabase } from './lib/demo.js';
import { median } from './lib/stats.js';

const dists = (process.env.BENCH_DISTS ?? path.join(root, 'apps/web/dist')).split(',').map((d) => path.resolve(d));
const runs = Number(process.env.BENCH_RUNS ?? '8');
const steps = ['login>', 'login<', 'shell', 'users>', 'users<', 'msg>', 'msg<', 'dash>', 'dash<', 'charts', 'drawn'];

/** In the page before the click: marks (ms) when the shell and the drawn charts first appear. */
const watch = `(() => {
  const w = window;
  w.__steps = {};
  const mark = (m) => { w.__steps[m] ??= performance.now(); };
  w.__mark = mark;
  let seen = false;
  new MutationObserver(() => {
    if (document.querySelector('nav')) mark('shell');
    const figures = [...document.querySelectorAll('figure')];
    if (!seen && figures.length >= 4 && figures.every((f) => f.querySelector('svg [data-mark]'))) {
      seen = true;
      mark('charts');
      requestAnimationFrame(() => setTimeout(() => mark('drawn'), 0));
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

const demo = await demoDatabase(10_000);
const servers: ServerChild[] = [];
const dataDirs: string[] = [];
const browser = await launchChromium();
try {
  for (const dist of dists) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'strideadmin-bench-sign-in-'));
    dataDirs.push(dataDir);
    servers.push(
      await startServer({ env: { DATA_DIR: dataDir, DATABASE_URL: demo.url, LOG_LEVEL: 'warn', WEB_DIST_DIR: dist } }),
    );
  }
  const samples = dists.map(() => new Map<string, number[]>());
  for (let run = -1; run < runs; run++) {
    for (const [i, server] of servers.entries()) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      const page = await ctx.newPage();
      await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      await page.locator('input[autocomplete="username"]').fill(benchAdmin.email);
      await page.locator('input[autocomplete="current-password"]').fill(benchAdmin.password);
      await page.waitForLoadState('networkidle'); // the code fetched while typing is in
      await page.evaluate(watch);
      const button = page.getByRole('button', { name: 'Sign in' });
      await button.evaluate((b) =>
        b.addEventListener('click', () => (window as unknown as { __mark(m: string): void }).__mark('click'), {
          capture: true,
          once: true,
        }),
      );
      await button.click();
      await page.waitForFunction(
        () => (window as unknown as { __steps: { drawn?: number } }).__steps.drawn,
        undefined,
        {
          timeout: 30_000,
        },
      );
      const marks = await page.evaluate(() => {
        const s = (window as unknown as { __steps: Record<string, number> }).__steps;
        const t0 = s.click!;
        const out: Record<string, number> = {};
        for (const [k, v] of Object.entries(s)) out[k] = v - t0;
        const names: Record<string, string> = {
          '/api/auth/login': 'login',
          '/api/message': 'msg',
          '/api/dashboard': 'dash',
        };
        for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          if (r.startTime < t0) continue;
          const p = new URL(r.name).pathname;
          const name = names[p] ?? (p.startsWith('/api/users/') || p === '/api/profile' ? 'users' : undefined);
          if (!name) continue;
          out[`${name}>`] = r.startTime - t0;
          out[`${name}<`] = r.responseEnd - t0;
        }
        return out;
      });
      await ctx.close();
      if (run < 0) continue; // a warm-up round
      for (const [k, v] of Object.entries(marks)) samples[i]!.set(k, [...(samples[i]!.get(k) ?? []), v]);
    }
  }
  console.log(`\nSign-in click → charts drawn, step by step (median of ${runs}, ms from the click):`);
  for (const [i, dist] of dists.entries()) {
    const s = samples[i]!;
    const line = steps.filter((k) => s.has(k)).map((k) => `${k} ${median(s.get(k)!).toFixed(0)}`);
    console.log(`  ${path.relative(process.cwd(), dist) || dist}: ${line.join(' · ')}`);
    console.log(
      `    drawn, each run: ${s
        .get('drawn')!
        .map((v) => v.toFixed(0))
        .join(', ')}`,
    );
  }
} finally {
  await browser.close();
  for (const s of servers) await s.stop();
  for (const d of dataDirs) await rm(d, { recursive: true, force: true });
  await demo.dispose();
}
