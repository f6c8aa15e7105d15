import { z } from '../zod.js';
import { imageContentTypes, imageFolders } from '../limits.js';
import { messages } from '../messages.js';
import { ifMissing } from '../zod-messages.js';

/** POST /getPresignedUrl (docs/behaviour.md §7): name, dict (folder), dataType (content type). */
export const presignRequestSchema = z.object({
  name: z
    .string({ error: ifMissing(messages.uploadNameRequired) })
    .trim()
    .min(1, messages.uploadNameRequired)
    .max(255),
  dict: z.enum(imageFolders, { error: messages.uploadFolderUnknown }),
  dataType: z.enum(imageContentTypes, { error: messages.uploadTypeNotAllowed }),
});
export type PresignRequest = z.infer<typeof presignRequestSchema>;

export const presignResponseSchema = z.object({ url: z.string() });
export type PresignResponse = z.infer<typeof presignResponseSchema>;
