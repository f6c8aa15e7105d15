import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, uploadUrlTtlSeconds } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../../helpers/index.js';
import { uuidKeyPattern } from '../../storage/images.js';
import { presign } from './upload-helpers.js';

describe('POST /api/getPresignedUrl', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let walker: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
    walker = await loginAs(t, 'User');
  });
  afterAll(() => t?.close());

  const valid = { name: 'card.png', dict: 'gift_card_images', dataType: 'image/png' };

  it('answers { body: { url } }: a signed URL under PUBLIC_URL/uploads/<folder>/<server-made key>', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await presign(t, admin, valid);

    expect(res.statusCode).toBe(200);
    const { body } = res.json();
    expect(Object.keys(body)).toEqual(['url']);
    const url = new URL(body.url);
    expect(`${url.origin}`).toBe(t.config.publicUrl);
    const [, uploads, folder, key, ...rest] = url.pathname.split('/');
    expect([uploads, folder, rest]).toEqual(['uploads', 'gift_card_images', []]);
    expect(key).toMatch(uuidKeyPattern);
    expect(key!.endsWith('.png')).toBe(true);
    expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'sig', 'type']);
    expect(url.searchParams.get('type')).toBe('image/png');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + uploadUrlTtlSeconds);
    expect(expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + uploadUrlTtlSeconds);
  });

  it('names the file after the content type, whatever the client called it', async () => {
    for (const [dataType, ext] of [
      ['image/png', 'png'],
      ['image/jpeg', 'jpg'],
      ['image/gif', 'gif'],
    ] as const) {
      for (const name of ['../../etc/passwd.png', 'shell.php', 'x.gif.html', 'C:\\Windows\\win.ini', '%2e%2e%2f.png']) {
        const res = await presign(t, admin, { name, dict: 'profile_Images', dataType });
        const url = new URL(res.json().body.url);
        const key = url.pathname.split('/')[3]!;

        expect(url.pathname, name).toBe(`/uploads/profile_Images/${key}`);
        expect(key).toMatch(uuidKeyPattern);
        expect(key.endsWith(`.${ext}`)).toBe(true);
      }
    }
  });

  it('is for administrators only: 401 without a token, 403 for an app user', async () => {
    const anonymous = await presign(t, null, valid);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: messages.unauthorized });

    const asWalker = await presign(t, walker, valid);
    expect(asWalker.statusCode).toBe(403);
    expect(asWalker.json()).toEqual({ message: messages.forbidden });
  });

  it('settles who asks before it looks at the body', async () => {
    const invalid = { name: '', dict: 'nope', dataType: 'text/html' };
    expect((await presign(t, null, invalid)).statusCode).toBe(401);
    expect((await presign(t, walker, invalid)).statusCode).toBe(403);
  });

  it('is documented in /api/docs with the bearer scheme and an answer per status', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const op = res.json().paths['/api/getPresignedUrl'].post;

    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.tags).toEqual(['uploads']);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '503']);
  });

  it('refuses a type that is not PNG, JPG or GIF with the contract message', async () => {
    for (const dataType of ['image/svg+xml', 'text/html', 'image/webp', 'application/octet-stream', 'IMAGE/PNG', '']) {
      const res = await presign(t, admin, { ...valid, dataType });

      expect(res.statusCode, dataType).toBe(400);
      expect(res.json().message).toBe(messages.uploadTypeNotAllowed);
    }
    const missing = await presign(t, admin, { name: 'x.png', dict: 'gift_card_images' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.uploadTypeNotAllowed);
  });

  it('refuses a folder other than the two of the spec', async () => {
    for (const dict of ['uploads', '../profile_Images', 'profile_images', 'gift_card_images/..', '']) {
      const res = await presign(t, admin, { ...valid, dict });

      expect(res.statusCode, dict).toBe(400);
      expect(res.json().message).toBe(messages.uploadFolderUnknown);
    }
  });

  it('needs a file name (the contract rule), and lists every problem at once', async () => {
    const noName = await presign(t, admin, { dict: 'gift_card_images', dataType: 'image/png' });
    expect(noName.statusCode).toBe(400);

    const allWrong = await presign(t, admin, { name: '', dict: 'nope', dataType: 'text/plain' });
    expect(allWrong.statusCode).toBe(400);
    expect(allWrong.json()).toEqual({
      message: messages.validationFailed,
      errors: expect.arrayContaining([messages.uploadFolderUnknown, messages.uploadTypeNotAllowed]),
    });
  });
});
