import { messages } from '@strideadmin/contract';
import { describe, expect, test } from 'vitest';
import { api, ApiError } from '../../src/lib/api-client';
import { session } from '../../src/lib/session';
import { jsonResponse, makeUser, stubFetch } from '../support/fixtures';

/** Runs `call` and returns what it rejected with (failing the test when it resolved). */
async function rejection(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (err: unknown) => err,
  );
}

describe('api client', () => {
  test('calls the API under /api and returns status, message and body of the envelope', async () => {
    const { seen } = stubFetch(() => jsonResponse(200, { message: 'Here you are', body: { id: 3 } }));

    const result = await api<{ id: number }>('/users/3');

    expect(result).toEqual({ status: 200, message: 'Here you are', body: { id: 3 } });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url.pathname).toBe('/api/users/3');
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  test('attaches the bearer token when signed in, and no authorization header when signed out', async () => {
    const { seen } = stubFetch(() => jsonResponse(200, { body: null }));

    await api('/ping');
    session.signIn(makeUser(), 'jwt-abc');
    await api('/ping');

    expect(seen[0]?.headers).not.toHaveProperty('authorization');
    expect(seen[1]?.headers.authorization).toBe('Bearer jwt-abc');
  });

  test('sends a JSON body with its content type', async () => {
    const { seen } = stubFetch(() => jsonResponse(201, { message: 'Created', body: { id: 9 } }));

    const result = await api('/users', { method: 'POST', body: { name: 'Grace', isActive: false } });

    expect(result.status).toBe(201);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(seen[0]?.body).toEqual({ name: 'Grace', isActive: false });
  });

  test('a GET has no body and no content type', async () => {
    const { seen } = stubFetch(() => jsonResponse(200, { body: [] }));
    await api('/users');
    expect(seen[0]?.body).toBeUndefined();
    expect(seen[0]?.headers).not.toHaveProperty('content-type');
  });

  test('query parameters: filled ones are sent, empty, null and undefined ones are left out', async () => {
    const { seen } = stubFetch(() => jsonResponse(200, { body: [] }));

    await api('/users', {
      query: { page: 2, search: 'ada lovelace', isActive: false, email: '', name: undefined, sort: null },
    });

    const params = seen[0]?.url.searchParams;
    expect(Object.fromEntries(params ?? [])).toEqual({ page: '2', search: 'ada lovelace', isActive: 'false' });
  });

  test('a 4xx envelope becomes an ApiError with its status, message and errors', async () => {
    stubFetch(() =>
      jsonResponse(422, { message: 'Some fields are not valid.', errors: ['Email is required', 'Name is required'] }),
    );

    const err = await rejection(api('/users', { method: 'POST', body: {} }));

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 422,
      message: 'Some fields are not valid.',
      errors: ['Email is required', 'Name is required'],
    });
    expect((err as ApiError).isUnauthorized).toBe(false);
  });

  test("the server's 'Unauthorized' is recognised as such", async () => {
    stubFetch(() => jsonResponse(401, { message: 'Unauthorized' }));
    const err = await rejection(api('/users/1'));
    expect(err).toMatchObject({ status: 401, message: 'Unauthorized', errors: [] });
    expect((err as ApiError).isUnauthorized).toBe(true);
  });

  test('an error answer that is not JSON (a proxy page) gets the generic message', async () => {
    stubFetch(
      () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const err = await rejection(api('/users'));
    expect(err).toMatchObject({ status: 502, message: messages.noResponse, errors: [] });
  });

  test('no answer at all becomes ApiError status 0 with "Something went wrong. Please try again later."', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const err = await rejection(api('/users'));

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, message: 'Something went wrong. Please try again later.' });
    expect(messages.noResponse).toBe('Something went wrong. Please try again later.');
  });

  test('an aborted call stays an abort (a cancelled query is not an error to show)', async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const err = await rejection(api('/users'));
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).name).toBe('AbortError');
  });
});
