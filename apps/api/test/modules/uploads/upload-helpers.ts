import type { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import type { ImageContentType, ImageFolder } from '@strideadmin/contract';
import type { LoggedIn, TestApp } from '../../helpers/index.js';

/** The path and query of an absolute URL: what app.inject takes. */
export function requestPath(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** POST /api/getPresignedUrl as the portal sends it. */
export function presign(
  t: TestApp,
  as: LoggedIn | null,
  payload: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/getPresignedUrl',
    headers: as?.headers ?? {},
    payload,
  });
}

/** A fresh upload URL from the API. */
export async function uploadUrl(
  t: TestApp,
  admin: LoggedIn,
  dataType: ImageContentType = 'image/png',
  dict: ImageFolder = 'gift_card_images',
  name = 'card.png',
): Promise<string> {
  const res = await presign(t, admin, { name, dict, dataType });
  if (res.statusCode !== 200) throw new Error(`presign failed: ${res.statusCode} ${res.body}`);
  return res.json<{ body: { url: string } }>().body.url;
}

/** The PUT a browser makes to an upload URL. */
export function putTo(
  t: TestApp,
  url: string,
  payload: Buffer | string | Readable,
  contentType: string | undefined,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: url.startsWith('/') ? url : requestPath(url),
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    payload,
  });
}

/** `url` with one query parameter replaced. */
export function withQuery(url: string, name: string, value: string): string {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
}
