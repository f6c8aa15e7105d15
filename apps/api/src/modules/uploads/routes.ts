import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  can,
  errorEnvelopeSchema,
  imageFolderPermissions,
  messages,
  okEnvelope,
  presignRequestSchema,
  presignResponseSchema,
} from '@strideadmin/contract';
import { authUserOf } from '../../plugins/auth/index.js';
import { HttpError } from '../../plugins/errors.js';
import { fileNameForLog, type ObjectStorage, StorageUnavailableError } from '../../storage/index.js';

/** docs/behaviour.md §7 POST /getPresignedUrl: a signed, expiring URL to PUT one image into a folder. */
export async function uploadRoutes(app: FastifyInstance, opts: { storage: ObjectStorage }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/getPresignedUrl',
    {
      onRequest: app.requirePermission('profile:self'), // the house rule: who asks is settled before the body is read
      schema: {
        tags: ['uploads'],
        operationId: 'getPresignedUrl',
        summary: 'Get an image upload URL',
        description:
          "A URL to PUT one image to, with its content type, within 15 minutes. The key is made by the server (the file name is never used). PUT the file to `url` with the same Content-Type as `dataType`; the image address is `url` without its query part. Kept for compatibility with the existing clients: the path's name, and the fields `dict` (the folder) and `dataType` (the content type).",
        security: [{ bearer: [] }],
        body: presignRequestSchema,
        response: {
          200: okEnvelope(presignResponseSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { name, dict, dataType } = request.body;
      // A folder's images need the right to write what they belong to (a gift card's: giftCards:write).
      if (!can(authUserOf(request).roleName, imageFolderPermissions[dict]))
        throw new HttpError(403, messages.forbidden);
      try {
        const signed = await opts.storage.presignPut({ folder: dict, contentType: dataType, originalName: name });
        request.log.info(
          { folder: dict, key: signed.key, fileName: fileNameForLog(name), by: request.authUser?.id },
          'upload URL issued',
        );
        return { body: { url: signed.url } };
      } catch (err) {
        if (!(err instanceof StorageUnavailableError)) throw err;
        request.log.error({ err }, 'image storage unavailable');
        throw new HttpError(503, messages.uploadStorageFailed);
      }
    },
  );
}
