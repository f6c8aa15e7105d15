import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, imageContentTypes, limits, messages, okEnvelope } from '@strideadmin/contract';
import { HttpError } from '../../plugins/errors.js';
import { bodyDeadline } from '../../plugins/timeouts.js';
import {
  isImageFolder,
  type LocalStorage,
  looksLikeImage,
  ObjectExistsError,
  type SignedPutCheck,
  StorageUnavailableError,
} from '../../storage/index.js';

const paramsSchema = z.object({
  folder: z.string().describe('gift_card_images or profile_Images'),
  key: z.string().describe('<uuid>.<png|jpg|gif>, as the server made it'),
});
const signedQuerySchema = z.object({
  expires: z.string().describe('unix seconds'),
  type: z.string().describe('the signed content type'),
  sig: z.string().describe('HMAC-SHA256, base64url'),
});

type SignedPut = Extract<SignedPutCheck, { ok: true }>;

/** The media type of a Content-Type header, without parameters, lower case. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

function storageHttpError(err: unknown, request: FastifyRequest): unknown {
  if (err instanceof ObjectExistsError) return new HttpError(409, messages.uploadLinkInvalid);
  if (err instanceof StorageUnavailableError) {
    request.log.error({ err }, 'image storage failed');
    return new HttpError(err.insufficientSpace ? 507 : 503, messages.uploadStorageFailed);
  }
  return err;
}

/**
 * The embedded store's HTTP side (docs/architecture.md): PUT /uploads/<folder>/<key> through a URL signed
 * by POST /api/getPresignedUrl, and GET/HEAD of what was stored. No bearer token here: the
 * signature is the authority, so anyone holding a URL may use it, once, before it expires.
 */
export async function localUploadRoutes(
  app: FastifyInstance,
  opts: {
    storage: LocalStorage;
    /** UPLOAD_TIMEOUT_SECONDS: an accepted upload's body may take this long. */ uploadTimeoutMs: number;
  },
) {
  const { storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Image bodies only, read into memory up to 10 MB (Fastify refuses more, counting as it reads);
  // this parser lives in this plugin's context and serves no other route.
  app.addContentTypeParser(
    [...imageContentTypes],
    { parseAs: 'buffer', bodyLimit: limits.uploadMaxBytes },
    (_request, body, done) => done(null, body),
  );
  // No credentials are involved, so any origin may upload with a URL and read images (dev server
  // on another port, portal on a CDN); the browser can then read the status of a refused upload.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('access-control-allow-origin', '*');
  });

  const accepted = new WeakMap<FastifyRequest, SignedPut>();

  r.options('/uploads/:folder/:key', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .status(204)
      .headers({
        'access-control-allow-methods': 'PUT',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '600',
      })
      .send(),
  );

  r.put(
    '/uploads/:folder/:key',
    {
      bodyLimit: limits.uploadMaxBytes,
      schema: {
        tags: ['uploads'],
        operationId: 'uploadImage',
        summary: 'Upload an image',
        description:
          'Uploads one image through a URL from POST /api/getPresignedUrl, when the server itself stores them (no S3 bucket configured). Content-Type must be the signed type; the body is the file (at most 10 MB, PNG, JPEG or GIF by its first bytes). A URL works once, for 15 minutes.',
        params: paramsSchema,
        querystring: signedQuerySchema,
        response: {
          200: okEnvelope(z.object({ url: z.string() })),
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
          507: errorEnvelopeSchema,
        },
      },
      // Everything the URL and the headers can tell is checked before a byte of the body is read.
      onRequest: async (request) => {
        // Typed as validated, but validation runs later: checkSignedPut takes them as unknown input.
        const { folder, key } = request.params;
        const check = storage.checkSignedPut(folder, key, request.query);
        if (!check.ok) {
          request.log.info({ reason: check.reason }, 'upload URL refused');
          throw new HttpError(403, messages.uploadLinkInvalid);
        }
        if (mediaType(request.headers['content-type']) !== check.contentType) {
          throw new HttpError(400, messages.uploadTypeNotAllowed);
        }
        try {
          if (await storage.exists(check.folder, check.key)) throw new ObjectExistsError();
        } catch (err) {
          throw storageHttpError(err, request);
        }
        accepted.set(request, check);
        // Up to 10 MB, often from a phone: longer than other bodies may take, once the URL is accepted.
        bodyDeadline(request, opts.uploadTimeoutMs);
      },
      errorHandler: (err: FastifyError) => {
        // Thrown on to the app's error handler (the envelope), with the upload's own message.
        if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, messages.uploadTooLarge);
        throw err;
      },
    },
    async (request) => {
      const upload = accepted.get(request);
      if (!upload) throw new HttpError(403, messages.uploadLinkInvalid); // unreachable: onRequest ran
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new HttpError(400, messages.uploadEmpty);
      if (!looksLikeImage(bytes, upload.contentType)) throw new HttpError(400, messages.uploadNotImage);
      try {
        await storage.put(upload.folder, upload.key, bytes);
      } catch (err) {
        throw storageHttpError(err, request);
      }
      request.log.info({ folder: upload.folder, key: upload.key, bytes: bytes.length }, 'image stored');
      return { body: { url: storage.publicUrlOf(upload.folder, upload.key) } };
    },
  );

  r.get(
    '/uploads/:folder/:key',
    {
      schema: {
        tags: ['uploads'],
        operationId: 'getImage',
        summary: 'Get a stored image',
        description:
          'A stored image, when the server itself stores them (no S3 bucket configured); a 404 envelope when there is none.',
        params: paramsSchema,
      },
    },
    async (request, reply) => {
      const { folder, key } = request.params;
      let stored;
      try {
        stored = isImageFolder(folder) ? await storage.open(folder, key) : null;
      } catch (err) {
        throw storageHttpError(err, request);
      }
      if (!stored) throw new HttpError(404, messages.notFound);
      return reply
        .headers({
          // The type comes from the key's extension (which the upload's magic bytes matched), never
          // from sniffing; the rest keeps a stored file from ever acting as a page.
          'content-type': stored.contentType,
          'content-length': String(stored.size),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'",
          'content-disposition': 'inline',
          'cache-control': 'public, max-age=31536000, immutable',
          // Images are public: the portal may be served from another origin (VITE_API_BASE).
          'cross-origin-resource-policy': 'cross-origin',
        })
        .send(stored.body);
    },
  );
}
