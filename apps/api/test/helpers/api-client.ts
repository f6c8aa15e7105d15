import type { FastifyInstance } from 'fastify';
import { type ApiClient, createApiClient } from '@strideadmin/app-client';

/**
 * The fetch of a client that goes through Fastify's inject: the real HTTP layer of the app under
 * test (routing, hooks, validation, serialisation), without a socket.
 */
export function injectFetch(app: FastifyInstance): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/** The typed API client (packages/app-client) on the app under test, signed in with `token` if given. */
export function apiClient(app: FastifyInstance, token?: string): ApiClient {
  return createApiClient({ baseUrl: 'http://localhost', fetch: injectFetch(app), ...(token ? { token } : {}) });
}
