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
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(base + path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
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

  let json: unknown = undefined;
  try {
    json = await res.json();
  } catch {
    // not JSON (a proxy's error page...): fall through with no envelope
  }
  const env = (json ?? {}) as Partial<ErrorEnvelope> & { body?: unknown };
  if (!res.ok) {
    const message = typeof env.message === 'string' && env.message ? env.message : coreMessages.noResponse;
    const errors = Array.isArray(env.errors) ? env.errors.filter((e): e is string => typeof e === 'string') : [];
    throw new ApiError(res.status, message, errors, env.body);
  }
  return { status: res.status, message: env.message, body: env.body as T };
}

/**
 * What a form shows under itself for a failed call (docs/behaviour.md §8): the server's message, or
 * the no-response one.
 */
export function errorMessage(err: unknown): string {
  return err instanceof ApiError ? err.message : coreMessages.noResponse;
}
