// What a page of the portal costs a browser, read from Chromium itself (DevTools protocol) while a
// fresh context opens it from the running server:
//   - every request: its type, its initiator, the Accept-Encoding Chromium sent, the
//     Content-Encoding the server answered and the bytes received for it (Network.loadingFinished
//     encodedDataLength: headers and body as they came over the connection, so compressed when the
//     server compressed; nothing here compresses anything);
//   - JavaScript coverage (Profiler block coverage through page.coverage): per script, the bytes
//     of its source that never ran;
//   - the request chain: each request's parent is its initiator (the document or stylesheet that
//     named it, the script on top of the stack that asked for it), so a request's depth is how
//     many requests had to arrive one after another before it could start.
import type { CDPSession, Page } from '@playwright/test';

export interface WireRequest {
  id: string;
  url: string;
  /** The file name under /assets, or the path (with query) for anything else. */
  name: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, Image... */
  type: string;
  /** The URL of the request this one was started by (undefined: the navigation itself). */
  parentUrl?: string;
  initiatorType: string;
  acceptEncoding?: string;
  contentEncoding?: string;
  vary?: string;
  status?: number;
  /** Bytes received (headers + body as sent), when it finished; 0 from the memory cache. */
  encodedBytes?: number;
  /** Milliseconds since the first request of the page. */
  start: number;
  end?: number;
  failed?: boolean;
}

export interface ScriptCoverage {
  name: string;
  /** Source bytes (decoded) and those of them no function or block ever ran. */
  bytes: number;
  unusedBytes: number;
  /** Bytes on the wire for this file, and that share of them that is unused (Lighthouse's measure). */
  encodedBytes: number;
  unusedEncodedBytes: number;
}

const nameOf = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname.startsWith('/assets/') ? u.pathname.slice('/assets/'.length) : u.pathname + u.search;
  } catch {
    return url;
  }
};

type Initiator = {
  type: string;
  url?: string;
  stack?: Stack;
};
type Stack = { callFrames: { url: string }[]; parent?: Stack };

function initiatorUrl(initiator: Initiator): string | undefined {
  if (initiator.url) return initiator.url;
  for (let s: Stack | undefined = initiator.stack; s; s = s.parent) {
    const frame = s.callFrames.find((f) => f.url);
    if (frame) return frame.url;
  }
  return undefined;
}

/** Starts recording the network of `page` (call before it navigates); `done()` gives the requests. */
export async function recordNetwork(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const byId = new Map<string, WireRequest>();
  const sentEncoding = new Map<string, string>();
  let t0: number | undefined;
  const at = (ts: number) => {
    t0 ??= ts;
    return (ts - t0) * 1000;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (byId.has(e.requestId)) return; // a redirect: keep the first
    byId.set(e.requestId, {
      id: e.requestId,
      url: e.request.url,
      name: nameOf(e.request.url),
      type: e.type ?? 'Other',
      parentUrl: initiatorUrl(e.initiator),
      initiatorType: e.initiator.type,
      acceptEncoding: e.request.headers['Accept-Encoding'] ?? e.request.headers['accept-encoding'],
      start: at(e.timestamp),
    });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    // The headers as sent (Accept-Encoding among them), which may come before or after the request.
    const h = e.headers as Record<string, string>;
    const ae = h['Accept-Encoding'] ?? h['accept-encoding'];
    if (ae) sentEncoding.set(e.requestId, ae);
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    r.status = e.response.status;
    r.contentEncoding = h['content-encoding'];
    r.vary = h.vary;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.encodedBytes = e.encodedDataLength;
    r.end = at(e.timestamp);
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.failed = true;
  });
  await cdp.send('Network.enable');
  // The whole async stack of a script's request (a dynamic import's initiator is the module that
  // called import(), not only the helper that ran last).
  await cdp.send('Debugger.enable').catch(() => undefined);
  await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 }).catch(() => undefined);
  return {
    async done(): Promise<WireRequest[]> {
      await cdp.detach().catch(() => undefined);
      const all = [...byId.values()].sort((a, b) => a.start - b.start);
      for (const r of all) r.acceptEncoding = sentEncoding.get(r.id) ?? r.acceptEncoding;
      // A script's request often names no request as its initiator (a module preload inserted by
      // the entry's loader says "about:client"), and a request queued behind the six connections
      // HTTP/1.1 allows a host waits for another to finish whatever its initiator: so any request
      // not named by the HTML or CSS parser is taken to wait on the page's last request (document,
      // script, stylesheet or API call) that finished before it started.
      const waitable = all.filter((r) => ['Document', 'Script', 'Stylesheet', 'Fetch', 'XHR'].includes(r.type));
      for (const r of all) {
        if (r.initiatorType === 'parser' && r.parentUrl) continue;
        let last: WireRequest | undefined;
        for (const w of waitable)
          if (w !== r && w.end !== undefined && w.end <= r.start && (!last || w.end > last.end!)) last = w;
        if (last) r.parentUrl = last.url;
      }
      return all;
    },
  };
}

export const isScript = (r: WireRequest) => r.type === 'Script' || /\.m?js$/.test(new URL(r.url).pathname);
export const isStylesheet = (r: WireRequest) => r.type === 'Stylesheet' || /\.css$/.test(new URL(r.url).pathname);
export const isApi = (r: WireRequest) => new URL(r.url).pathname.startsWith('/api/');

/** Bytes received for the requests `pick` selects (one per URL). */
export function wireBytes(requests: WireRequest[], pick: (r: WireRequest) => boolean): number {
  const seen = new Map<string, number>();
  for (const r of requests)
    if (pick(r) && !r.failed) seen.set(r.url, Math.max(seen.get(r.url) ?? 0, r.encodedBytes ?? 0));
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

/**
 * The chain of requests that had to arrive one after another before `target` started: its
 * initiators up to the navigation, first to last (the document first, `target` not included).
 * A request whose initiator was not itself requested by the page (an inline script's stack)
 * counts as started by the document.
 */
export function chainBefore(requests: WireRequest[], target: WireRequest): WireRequest[] {
  const byUrl = new Map<string, WireRequest>();
  for (const r of requests) if (!byUrl.has(r.url)) byUrl.set(r.url, r);
  const chain: WireRequest[] = [];
  const seen = new Set<string>();
  let parent = target.parentUrl ? byUrl.get(target.parentUrl) : undefined;
  while (parent && !seen.has(parent.url)) {
    seen.add(parent.url);
    chain.unshift(parent);
    parent = parent.parentUrl ? byUrl.get(parent.parentUrl) : undefined;
  }
  const doc = requests.find((r) => r.type === 'Document');
  if (doc && chain[0] !== doc && target !== doc) chain.unshift(doc);
  return chain;
}

/** The deepest chain of the page (the requests of the longest initiator path, first to last). */
export function longestChain(requests: WireRequest[]): WireRequest[] {
  let best: WireRequest[] = [];
  for (const r of requests) {
    const c = [...chainBefore(requests, r), r];
    if (c.length > best.length) best = c;
  }
  return best;
}

type CoverageEntry = {
  url: string;
  source?: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
};

/**
 * Unused bytes per script from Chromium's block coverage: a byte is unused when the innermost
 * range holding it ran 0 times (ranges applied outermost first). Scripts that are not files of
 * the page's origin (inline, extensions) are left out.
 */
export function unusedBytes(entries: CoverageEntry[], requests: WireRequest[], origin: string): ScriptCoverage[] {
  const out = new Map<string, ScriptCoverage>();
  for (const e of entries) {
    if (!e.url.startsWith(origin) || !e.source) continue;
    const used = new Uint8Array(e.source.length);
    const ranges = e.functions.flatMap((f) => f.ranges);
    ranges.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
    for (const r of ranges) used.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
    // The script's own top-level range covers every byte, so each byte has a verdict.
    let unusedUtf8 = 0;
    for (let i = 0; i < used.length; i++)
      if (!used[i]) unusedUtf8 += e.source.charCodeAt(i) < 0x80 ? 1 : Buffer.byteLength(e.source[i]!);
    const bytes = Buffer.byteLength(e.source);
    const encodedBytes = wireBytes(requests, (r) => r.url === e.url);
    const prev = out.get(e.url);
    const item: ScriptCoverage = {
      name: nameOf(e.url),
      bytes,
      unusedBytes: unusedUtf8,
      encodedBytes,
      unusedEncodedBytes: Math.round((encodedBytes * unusedUtf8) / Math.max(bytes, 1)),
    };
    // A script compiled twice (two contexts): keep what ran in either.
    if (!prev || prev.unusedBytes > item.unusedBytes) out.set(e.url, item);
  }
  return [...out.values()].sort((a, b) => b.unusedBytes - a.unusedBytes);
}
