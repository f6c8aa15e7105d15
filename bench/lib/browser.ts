// Chromium for the bench sections: Debian's /usr/bin/chromium (or CHROMIUM_PATH) through
// @playwright/test (playwright-core), with the flags the e2e suite uses, and small in-page measures.
import { chromium, type Browser, type Page } from '@playwright/test';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Starts a Largest Contentful Paint observer before the page's own scripts run; read it with
 * `readLcp` once the page is idle (the last entry is the LCP).
 */
export async function observeLcp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { time: number; element: string; size: number }[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        renderTime: number;
        loadTime: number;
        size: number;
        element: Element | null;
      })[]) {
        const el = e.element;
        const name = el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`
          : '?';
        w.__lcp.push({ time: e.startTime, element: name, size: e.size });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

export async function readLcp(page: Page): Promise<{ time: number; element: string; size: number }> {
  // The entry is reported with the frame that painted it, which can come after the network fell
  // quiet on a busy machine: waited for (5 s at most).
  await page
    .waitForFunction(() => (window as unknown as { __lcp: unknown[] }).__lcp.length > 0, undefined, { timeout: 5_000 })
    .catch(() => undefined);
  const entries = await page.evaluate(
    () => (window as unknown as { __lcp: { time: number; element: string; size: number }[] }).__lcp,
  );
  const last = entries.at(-1);
  if (!last) throw new Error('no largest-contentful-paint entry');
  return last;
}

/** Page timing of the navigation: response start, DOMContentLoaded and first contentful paint. */
export function navigationTiming(page: Page) {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      ttfb: nav.responseStart,
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      fcp: fcp?.startTime ?? NaN,
    };
  });
}

export interface ResourceTiming {
  /** The file name (under /assets) or the API path. */
  name: string;
  /** initiatorType: script, link (modulepreload), fetch, css, img... */
  type: string;
  /** Request start and response end, milliseconds since the page's time origin. */
  start: number;
  end: number;
}

/** The page's resource timings that started at or after `since` (ms), in start order. */
export async function resourceWaterfall(page: Page, since: number): Promise<ResourceTiming[]> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      url: e.name,
      type: e.initiatorType,
      start: e.startTime,
      end: e.responseEnd,
    })),
  );
  return entries
    .filter((e) => e.start >= since)
    .sort((a, b) => a.start - b.start)
    .map((e) => {
      const u = new URL(e.url);
      const name = u.pathname.startsWith('/assets/') ? u.pathname.slice('/assets/'.length) : u.pathname + u.search;
      return { name, type: e.type, start: e.start, end: e.end };
    });
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

export interface MainThreadSummary {
  /** Milliseconds the renderer's main thread was busy inside the window. */
  busyMs: number;
  /** Self time by trace event (EvaluateScript, v8.compile, Layout, Paint...), largest first. */
  byEvent: { event: string; ms: number }[];
  /** Script evaluation and compile time by script file (self time of events carrying its URL). */
  byScript: { script: string; ms: number }[];
}

/**
 * Runs `action` under Chromium's performance trace and sums the page's renderer main thread
 * (CrRendererMain) by event, self time, between `action`'s start and end. `byScript` counts the
 * time under a script's tasks (its evaluation, and the calls, style and layout it triggered).
 */
export async function traceMainThread(browser: Browser, page: Page, action: () => Promise<void>, top = 10) {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'],
  });
  await action();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer: the main thread whose events name the page's origin most often (other
  // renderers, such as Chromium's own WebUI pages, may be busier).
  const origin = new URL(page.url()).origin;
  let best: { pid: number; tid: number; n: number } | undefined;
  for (const m of mains) {
    const n = events.filter(
      (e) => e.pid === m.pid && e.tid === m.tid && e.args && JSON.stringify(e.args).includes(origin),
    ).length;
    if (!best || n > best.n) best = { pid: m.pid, tid: m.tid, n };
  }
  const xs = events
    .filter((e) => best && e.pid === best.pid && e.tid === best.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const byScript = new Map<string, number>();
  const stack: { end: number; name: string; url?: string; child: number; dur: number }[] = [];
  let busy = 0;
  const close = (upTo: number) => {
    while (stack.length && stack.at(-1)!.end <= upTo) {
      const top = stack.pop()!;
      const own = top.dur - top.child;
      self.set(top.name, (self.get(top.name) ?? 0) + own);
      if (top.url) byScript.set(top.url, (byScript.get(top.url) ?? 0) + own);
      if (stack.length) stack.at(-1)!.child += top.dur;
      else busy += top.dur;
    }
  };
  for (const e of xs) {
    close(e.ts);
    const url = e.args?.data?.url;
    const inherited = stack.at(-1)?.url;
    stack.push({ end: e.ts + e.dur!, name: e.name, url: url || inherited, child: 0, dur: e.dur! });
  }
  close(Infinity);
  const msOf = (us: number) => us / 1000;
  const short = (u: string) => {
    try {
      const p = new URL(u).pathname;
      return p.startsWith('/assets/') ? p.slice('/assets/'.length) : p;
    } catch {
      return u;
    }
  };
  return {
    busyMs: msOf(busy),
    byEvent: [...self]
      .map(([event, us]) => ({ event, ms: msOf(us) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
    byScript: [...byScript]
      .map(([script, us]) => ({ script: short(script), ms: msOf(us) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  } satisfies MainThreadSummary;
}
