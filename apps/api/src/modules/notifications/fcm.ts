import { readFile } from 'node:fs/promises';
import type { importPKCS8 } from 'jose';
import { z } from 'zod';
import type { PushConfig } from '../../config.js';

/**
 * The FCM adapter (HTTP v1): one push to one device token. Credentials are a Google
 * service-account JSON file; an OAuth2 access token is obtained with the JWT-bearer grant
 * (RFC 7523: an assertion signed RS256 with the account's private key) and reused until shortly
 * before it expires. See https://firebase.google.com/docs/cloud-messaging/send/v1-api and
 * https://developers.google.com/identity/protocols/oauth2/service-account#httprest.
 */

export const fcmScope = 'https://www.googleapis.com/auth/firebase.messaging';
const defaultTokenUri = 'https://oauth2.googleapis.com/token';
/** A new access token is fetched this long before the cached one expires. */
const tokenRefreshMarginMs = 5 * 60 * 1000;
const defaultTimeoutMs = 10_000;
const lastErrorMax = 500;

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  /** FCM data payload: string values only. */
  data: Record<string, string>;
}

/**
 * What became of one push:
 * - `unregistered`: the token is no longer valid (404 UNREGISTERED); the app must register again;
 * - `rejected`: FCM refused the message for good (400 INVALID_ARGUMENT, 403 SENDER_ID_MISMATCH...);
 * - `transient`: try again later (429, 5xx, 401, network error, timeout), after `retryAfterMs`
 *   when FCM said so (Retry-After).
 */
export type PushResult =
  { ok: true } | { ok: false; kind: 'unregistered' | 'rejected' | 'transient'; error: string; retryAfterMs?: number };

export interface PushSender {
  send(message: PushMessage, signal?: AbortSignal): Promise<PushResult>;
}

const serviceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().default(defaultTokenUri),
});
export type ServiceAccount = z.output<typeof serviceAccountSchema>;

/** Reads and checks the service-account file; a missing or malformed file stops the start with a clear error. */
export async function loadServiceAccount(file: string): Promise<ServiceAccount> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`FCM_CREDENTIALS_FILE ${file} cannot be read: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`FCM_CREDENTIALS_FILE ${file} is not JSON`);
  }
  const parsed = serviceAccountSchema.safeParse(json);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => i.path.join('.')))].join(', ');
    throw new Error(`FCM_CREDENTIALS_FILE ${file} is not a service-account key (check: ${fields})`);
  }
  return parsed.data;
}

export interface FcmOptions {
  /** Time limit of one HTTP call (token or send). */
  timeoutMs?: number;
}

export class FcmSender implements PushSender {
  private readonly sendUrl: string;
  private readonly timeoutMs: number;
  private key: Promise<Awaited<ReturnType<typeof importPKCS8>>> | undefined;
  private accessToken: { value: string; refreshAt: number } | undefined;
  /** One token request at a time: concurrent sends share it. */
  private pendingToken: Promise<string> | undefined;

  constructor(
    private readonly account: ServiceAccount,
    fcm: NonNullable<PushConfig['fcm']>,
    options: FcmOptions = {},
  ) {
    this.sendUrl = `${fcm.endpoint}/v1/projects/${encodeURIComponent(fcm.projectId)}/messages:send`;
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  }

  async send(message: PushMessage, signal?: AbortSignal): Promise<PushResult> {
    let token: string;
    try {
      token = await this.token(signal);
    } catch (err) {
      return { ok: false, kind: 'transient', error: clip(`FCM access token: ${errorText(err)}`) };
    }
    let res: Response;
    try {
      res = await fetch(this.sendUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token: message.token,
            notification: { title: message.title, body: message.body },
            data: message.data,
          },
        }),
        signal: this.signal(signal),
      });
    } catch (err) {
      return { ok: false, kind: 'transient', error: clip(`FCM send: ${errorText(err)}`) };
    }
    if (res.ok) {
      await res.body?.cancel();
      return { ok: true };
    }
    const { status, code, text } = await fcmError(res);
    const error = clip(`FCM ${res.status}${code ? ` ${code}` : ''}${text ? `: ${text}` : ''}`);
    if (res.status === 401) {
      // Our access token was refused (revoked, clock skew): fetch a new one next time.
      this.accessToken = undefined;
      return { ok: false, kind: 'transient', error };
    }
    if (res.status === 404 || code === 'UNREGISTERED' || status === 'NOT_FOUND') {
      return { ok: false, kind: 'unregistered', error };
    }
    if (res.status === 429 || res.status >= 500) {
      const retryAfterMs = retryAfter(res.headers.get('retry-after'));
      return retryAfterMs === undefined
        ? { ok: false, kind: 'transient', error }
        : { ok: false, kind: 'transient', error, retryAfterMs };
    }
    return { ok: false, kind: 'rejected', error };
  }

  private signal(outer: AbortSignal | undefined): AbortSignal {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    return outer ? AbortSignal.any([outer, timeout]) : timeout;
  }

  private async token(signal: AbortSignal | undefined): Promise<string> {
    if (this.accessToken && Date.now() < this.accessToken.refreshAt) return this.accessToken.value;
    this.pendingToken ??= this.fetchToken(signal).finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchToken(signal: AbortSignal | undefined): Promise<string> {
    // jose loads with the first push, not at every start (docs/decisions/0020-start-up.md).
    const { importPKCS8, SignJWT } = await import('jose');
    this.key ??= importPKCS8(this.account.private_key, 'RS256');
    const key = await this.key.catch((err: unknown) => {
      this.key = undefined;
      throw new Error(`the private_key of the service account cannot be read: ${errorText(err)}`);
    });
    const header = this.account.private_key_id
      ? { alg: 'RS256', typ: 'JWT', kid: this.account.private_key_id }
      : { alg: 'RS256', typ: 'JWT' };
    const assertion = await new SignJWT({ scope: fcmScope })
      .setProtectedHeader(header)
      .setIssuer(this.account.client_email)
      .setAudience(this.account.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const res = await fetch(this.account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: this.signal(signal),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (!res.ok || typeof json.access_token !== 'string') {
      const reason = [json.error, json.error_description].filter((v) => typeof v === 'string').join(': ');
      throw new Error(`token endpoint answered ${res.status}${reason ? ` (${reason})` : ''}`);
    }
    const expiresInMs = (typeof json.expires_in === 'number' ? json.expires_in : 3600) * 1000;
    this.accessToken = {
      value: json.access_token,
      refreshAt: Date.now() + Math.max(expiresInMs - tokenRefreshMarginMs, expiresInMs / 2),
    };
    return json.access_token;
  }
}

/** The sender of the configuration: FCM when it is configured, else none (inbox-only delivery). */
export async function createPushSender(
  fcm: PushConfig['fcm'],
  options: FcmOptions = {},
): Promise<PushSender | undefined> {
  if (!fcm) return undefined;
  return new FcmSender(await loadServiceAccount(fcm.credentialsFile), fcm, options);
}

/** FCM's error body: `{ error: { code, message, status, details: [{ errorCode }] } }`. */
async function fcmError(res: Response): Promise<{ status?: string; code?: string; text?: string }> {
  const json = (await res.json().catch(() => undefined)) as
    { error?: { message?: unknown; status?: unknown; details?: Array<{ errorCode?: unknown }> } } | undefined;
  const error = json?.error;
  const detail = Array.isArray(error?.details)
    ? error.details.find((d) => typeof d?.errorCode === 'string')?.errorCode
    : undefined;
  const status = typeof error?.status === 'string' ? error.status : undefined;
  return {
    status,
    code: typeof detail === 'string' ? detail : status,
    text: typeof error?.message === 'string' ? error.message : undefined,
  };
}

/** Retry-After: seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

function clip(text: string): string {
  return text.length > lastErrorMax ? `${text.slice(0, lastErrorMax - 1)}…` : text;
}
