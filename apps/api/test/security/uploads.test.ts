// Uploads (ASVS 4.0.3 §12, 5.0 §5): uploads attacked where test/modules/uploads does not
// already (signature tampering, expiry, 10 MB exactly, traversal, overwrite and the served headers
// are proved there). Here: disguised files, polyglots, what a reading request can change, a
// client-chosen key, and a body streamed past the limit over a real socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImageContentType, limits, messages } from '@strideadmin/contract';
import { buildTestApp, type LoggedIn, loginAs, type TestApp } from '../helpers/index.js';
import { presign, putTo, requestPath, uploadUrl } from '../modules/uploads/upload-helpers.js';
import { images, uuidKeyPattern } from '../storage/images.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/**
 * A GIF that is also JavaScript (`GIF89a/*...*\/=...` parses as an assignment) and carries HTML:
 * its first six bytes are a real GIF signature, so a magic-byte check accepts it.
 */
const gifPolyglot = Buffer.concat([
  utf8('GIF89a/*'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]),
  utf8('*/=1;window.polyglotRan=1;//<html><body><script>window.polyglotRan=1</script></body></html>'),
]);
/** A real PNG signature followed by a page. */
const pngPolyglot = Buffer.concat([
  images['image/png'].subarray(0, 8),
  utf8('<!doctype html><script>alert(document.domain)</script>'),
]);

/** Requests still sending: cut when the tests end, so that a server that waits for them can close. */
const unfinished = new Set<http.ClientRequest>();

interface HeldAnswer {
  status: number;
  body: string;
}

/**
 * PUTs `size` bytes (a PNG signature first) to `pathAndQuery` over a real connection, chunked (no
 * Content-Length), and never ends the body: the answer must come while the client is still
 * "sending". A server that read the whole body before deciding would never answer (the test then
 * fails on its timeout).
 */
function putWithoutEnding(port: number, pathAndQuery: string, size: number): Promise<HeldAnswer> {
  return new Promise((resolve, reject) => {
    const req: http.ClientRequest = http.request(
      { host: '127.0.0.1', port, method: 'PUT', path: pathAndQuery, headers: { 'content-type': 'image/png' } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    unfinished.add(req);
    req.on('close', () => unfinished.delete(req));
    const body = Buffer.alloc(size, 0x41);
    images['image/png'].copy(body);
    const chunk = 64 * 1024;
    for (let at = 0; at < size; at += chunk) req.write(body.subarray(at, at + chunk));
  });
}

describe('uploads under attack', () => {
  let t: TestApp;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t, 'Admin');
  });
  afterAll(() => t?.close());

  describe('the type comes from the bytes', () => {
    it('refuses a page, a vector image or a script sent as an image, also behind a BOM or whitespace', async () => {
      const disguised: Array<[string, ImageContentType, Buffer]> = [
        ['HTML as PNG', 'image/png', utf8('<!doctype html><html><script>alert(1)</script></html>')],
        ['HTML as GIF', 'image/gif', utf8('<html><body onload="alert(1)">')],
        ['SVG as GIF', 'image/gif', utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
        ['SVG as JPEG', 'image/jpeg', utf8('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
        ['JavaScript as JPEG', 'image/jpeg', utf8('alert(document.cookie)//\xff\xd8\xff')],
        ['PHP as PNG', 'image/png', utf8('<?php system($_GET["c"]); ?>')],
        ['PNG behind a BOM', 'image/png', Buffer.concat([utf8('\ufeff'), images['image/png']])],
        ['GIF behind whitespace', 'image/gif', Buffer.concat([utf8(' \n'), images['image/gif']])],
        ['JPEG behind HTML', 'image/jpeg', Buffer.concat([utf8('<script>alert(1)</script>'), images['image/jpeg']])],
      ];
      for (const [what, contentType, bytes] of disguised) {
        const url = await uploadUrl(t, admin, contentType);

        const res = await putTo(t, url, bytes, contentType);

        expect(res.statusCode, what).toBe(400);
        expect(res.json(), what).toEqual({ message: messages.uploadNotImage });
        expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode, what).toBe(404);
      }
    });

    // Decision: a file that starts with a real signature is stored even when the rest is script or
    // HTML. Refusing polyglots would take a full decoder per format (and valid images still carry
    // comments and extension blocks of any bytes); instead the file can only ever be an image: its
    // type is fixed by the server-made key, `nosniff` forbids reading it as anything else, its CSP
    // forbids every script and its bytes never start with '<'.
    for (const [what, contentType, bytes] of [
      ['a GIF89a<script> polyglot', 'image/gif', gifPolyglot],
      ['a PNG signature followed by HTML', 'image/png', pngPolyglot],
    ] as const) {
      it(`stores ${what}, but only ever serves it as an inert image`, async () => {
        const url = await uploadUrl(t, admin, contentType);
        expect((await putTo(t, url, bytes, contentType)).statusCode).toBe(200);
        const address = new URL(url).pathname;

        // Nothing in the reading request changes how the file is served.
        const readers: Array<[string, InjectOptions]> = [
          ['plain GET', { method: 'GET', url: address }],
          ['Accept: text/html', { method: 'GET', url: address, headers: { accept: 'text/html,*/*' } }],
          ['?type=text/html', { method: 'GET', url: `${address}?type=text%2Fhtml&content-type=text%2Fhtml` }],
          ['Content-Type on the GET', { method: 'GET', url: address, headers: { 'content-type': 'text/html' } }],
          ['HEAD', { method: 'HEAD', url: address }],
        ];
        for (const [reader, request] of readers) {
          const res = await t.app.inject(request);

          expect(res.statusCode, reader).toBe(200);
          expect(res.headers['content-type'], reader).toBe(contentType);
          expect(res.headers['x-content-type-options'], reader).toBe('nosniff');
          expect(res.headers['content-security-policy'], reader).toMatch(/^default-src 'none'(;|$)/);
          expect(res.headers['content-disposition'], reader).toMatch(/^(inline|attachment)\b/);
          if (reader !== 'HEAD') expect(res.rawPayload.equals(bytes), reader).toBe(true);
        }

        // Nor does asking for the same file under a page's name.
        for (const path of [
          address.replace(/\.(png|gif)$/, '.html'),
          `${address}.html`,
          `${address}/index.html`,
          `${address};.html`,
        ]) {
          const res = await t.app.inject({ method: 'GET', url: path });
          expect(res.statusCode, path).toBe(404);
          expect(res.headers['content-type'], path).toMatch(/^application\/json/);
          expect(res.body, path).not.toContain('polyglotRan');
        }
      });
    }
  });

  describe('the key is the server’s', () => {
    it('ignores a key, path or URL the client slips into the request for an upload URL', async () => {
      const res = await presign(t, admin, {
        name: 'index.html',
        dict: 'gift_card_images',
        dataType: 'image/png',
        key: 'chosen.png',
        path: '../../jwt-secret',
        url: 'http://evil.example/x.png',
        folder: 'profile_Images',
        expires: '99999999999',
      });

      expect(res.statusCode).toBe(200);
      const url = new URL(res.json<{ body: { url: string } }>().body.url);
      expect(url.origin).toBe(t.config.publicUrl);
      const [, uploads, folder, key, ...rest] = url.pathname.split('/');
      expect([uploads, folder, rest]).toEqual(['uploads', 'gift_card_images', []]);
      expect(key).toMatch(uuidKeyPattern);
      expect(key!.endsWith('.png')).toBe(true);
      expect(Number(url.searchParams.get('expires'))).toBeLessThan(99999999999);
      for (const slipped of ['chosen', 'jwt-secret', 'evil', 'index', 'html']) expect(url.href).not.toContain(slipped);
    });
  });

  describe('the body is streamed, never buffered without bound', () => {
    let port: number;

    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });
    afterAll(() => {
      for (const req of unfinished) req.destroy();
    });

    it('answers 413 as soon as a chunked body passes 10 MB, without waiting for the rest', async () => {
      const url = await uploadUrl(t, admin, 'image/png');

      const res = await putWithoutEnding(port, requestPath(url), limits.uploadMaxBytes + 1024 * 1024);

      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ message: messages.uploadTooLarge });
      expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
    });

    it('refuses a bad signature before reading the body', async () => {
      const url = await uploadUrl(t, admin, 'image/png');
      const forged = url.replace(/sig=([A-Za-z0-9_-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);

      const res = await putWithoutEnding(port, requestPath(forged), 64 * 1024);

      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ message: messages.uploadLinkInvalid });
    });
  });
});
