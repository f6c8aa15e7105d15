import type { ImageContentType } from '@strideadmin/contract';

/** Real 1x1 images, one per accepted type. */
export const images: Record<ImageContentType, Buffer> = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  'image/jpeg': Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
};

/** `size` bytes that start like a PNG (only the first bytes are ever checked). */
export function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  images['image/png'].copy(bytes, 0, 0, Math.min(size, images['image/png'].length));
  return bytes;
}

export const uuidKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|gif)$/;
