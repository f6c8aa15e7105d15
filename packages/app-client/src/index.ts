import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/**
 * The typed client of the API, made from its OpenAPI document (src/schema.d.ts, written by
 * `npm run api:types`): every path, parameter, body and answer as the server's routes declare them,
 * checked by TypeScript, sent with openapi-fetch.
 *
 *   const api = createApiClient({ baseUrl: 'http://127.0.0.1:3000' });
 *   const { data } = await api.POST('/api/auth/login', { body: { email, password } });
 *   api.setToken(data?.body.token);
 *   const me = await api.GET('/api/app/me');
 *
 * Every answer is the API's envelope ({ message?, body } on success, { message, errors? } on a
 * refusal): `data` on 2xx, `error` otherwise, `response` always (status, Retry-After...).
 */
export interface ApiClient extends Client<paths> {
  /** The bearer token sent with every call from now on (undefined: none). */
  setToken(token: string | undefined): void;
  readonly token: string | undefined;
}

export interface ApiClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000 (paths already start with /api). */
  baseUrl: string;
  token?: string;
  /** The fetch to send requests with (tests pass one that goes through Fastify's inject). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every call (e.g. a user agent). */
  headers?: Record<string, string>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  let token = options.token;
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      if (token !== undefined) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(auth);
  return Object.assign(client, {
    setToken(next: string | undefined) {
      token = next;
    },
    get token() {
      return token;
    },
  });
}
