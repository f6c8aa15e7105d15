import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this many bytes go as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

/**
 * Brotli's quality for answers compressed per request. 11 (zlib's default, right for files
 * compressed once at build time) costs ~90 times the CPU of 4 for ~15 % fewer bytes (the portal's
 * 330 KB main script: 980 ms vs 11 ms, 89.8 vs 104.8 KB).
 */
export const brotliQuality = 4;

/** What is worth compressing: JSON, text, script, SVG. Never images, fonts or unknown bytes. */
const compressibleType =
  /^(?:application\/(?:json|javascript|[\w.-]+\+json)|text\/(?!event-stream)|image\/svg\+xml)\b/i;

/** API paths: /api and under it (answers, the OpenAPI document, the docs page and its files). */
const apiUrl = /^\/api(?:\/|$)/;

/**
 * On-the-fly compression of the API's answers (docs/operations/compression.md): brotli (quality 4)
 * or gzip as the client accepts, from 1 KB, with `Vary: Accept-Encoding`.
 *
 * Only routes under /api take part. The portal's files are compressed once, at build time, and
 * sent as they are (@fastify/static's preCompressed, in plugins/portal.ts); stored images are
 * compressed already. Answers that are compressed (a Content-Encoding), partial (206) or not text pass
 * through untouched; so do the not-found handler's answers (small envelopes, and the portal's
 * index.html, precompressed). Request bodies are never decompressed: a small gzip body could
 * expand past BODY_LIMIT_BYTES, which counts the bytes received.
 *
 * Registered before the routes: it adds its onSend hook to each route as it is declared.
 */
export const compressionPlugin = fp(
  async (app) => {
    // Runs before @fastify/compress's own onRoute hook (added below, after this one), which then
    // leaves the routes marked `compress: false` alone.
    app.addHook('onRoute', (route) => {
      if (!apiUrl.test(route.url)) route.compress = false;
    });
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: compressionThreshold,
      customTypes: compressibleType,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'strideadmin-compression' },
);
