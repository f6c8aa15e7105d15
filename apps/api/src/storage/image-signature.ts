import type { ImageContentType } from '@strideadmin/contract';

/** The first bytes every file of each accepted type starts with. */
const signatures: Record<ImageContentType, readonly (readonly number[])[]> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  // 'GIF87a' and 'GIF89a'
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
};

/** Whether `bytes` start like a file of `contentType` (magic bytes; the declared type alone proves nothing). */
export function looksLikeImage(bytes: Uint8Array, contentType: ImageContentType): boolean {
  return signatures[contentType].some(
    (signature) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b),
  );
}
