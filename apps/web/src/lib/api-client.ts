import { coreMessages, type ErrorEnvelope } from '@strideadmin/contract';
import { session } from './session';

/** A failed call: the server's envelope, or status 0 when no answer came (docs/behaviour.md §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[] = [],
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isUnauthorized() {
    return this.message === coreMessages.unauthorized;
  }

  /**
   * Whether asking again may succeed: no answer, a server-side failure (5xx), a request too slow
   * (408) or too many (429). A refusal about the request itself (a record that does not exist, a
   * permission, invalid input) answers the same until something else changes.
   */
  get mayPass() {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

export interface ApiResult<T> {
  status: number;
  message?: string;
  body: T;
}

const base = (import.meta.env.VITE_API_BASE ?? '/api').replace(/\/+$/, '');

/** When the server last answered a call made with the token (ms since the epoch; 0: not yet). */
let lastSignedInAnswer = 0;
export const lastSignedInCallAt = () => lastSignedInAnswer;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** The call outlives the page (a pending delete sent while the page unloads). */
  keepalive?: boolean;
}

/**
 * Every call to our API goes through here: JSON in, the envelope out, the token attached.
 * What a 401 or a network failure *does* (toast, logout) is decided once, in lib/query-client.
 */
function apiUrl(path: string, query: RequestOptions['query']): URL {
  const url = new URL(base + path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const url = apiUrl(path, opts.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, coreMessages.noResponse);
  }

  // Any answer to a signed-in call renewed the session's idle window on the server (lib/keep-alive).
  if (token && res.status !== 401) lastSignedInAnswer = Date.now();

  const env = await envelopeOf(res);
  if (!res.ok) throw errorOf(res, env);
  return { status: res.status, message: env.message, body: env.body as T };
}

type Envelope = Partial<ErrorEnvelope> & { body?: unknown };

async function envelopeOf(res: Response): Promise<Envelope> {
  try {
    return ((await res.json()) ?? {}) as Envelope;
  } catch {
    // not JSON (a proxy's error page...): no envelope
    return {};
  }
}

function errorOf(res: Response, env: Envelope): ApiError {
  const message = typeof env.message === 'string' && env.message ? env.message : coreMessages.noResponse;
  const errors = Array.isArray(env.errors) ? env.errors.filter((e): e is string => typeof e === 'string') : [];
  return new ApiError(res.status, message, errors, env.body);
}

/**
 * A file our API answers (a list's CSV export): fetched with the token, its body read as it comes
 * (`onProgress` gets the line ends received so far), answered whole with the server's file name.
 */
export async function apiDownload(
  path: string,
  opts: Pick<RequestOptions, 'query' | 'signal'> & { onProgress?: (lines: number) => void } = {},
): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {};
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), { headers, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, coreMessages.noResponse);
  }
  if (token && res.status !== 401) lastSignedInAnswer = Date.now();
  if (!res.ok || !res.body) throw errorOf(res, await envelopeOf(res));
  const parts: Uint8Array[] = [];
  let lines = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
      opts.onProgress?.(lines);
    }
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, coreMessages.noResponse);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.csv';
  return { blob: new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'text/csv' }), filename };
}

/**
 * What a form shows under itself for a failed call (docs/behaviour.md §8): the server's message, or
 * the no-response one.
 */
/** Whether a failed call may succeed if asked again (anything but a server's refusal that would stand: ApiError.mayPass). */
export function retryable(err: unknown): boolean {
  return !(err instanceof ApiError) || err.mayPass;
}

export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : coreMessages.noResponse;
}
