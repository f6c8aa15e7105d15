import {
  imageContentTypes,
  limits,
  messages,
  type ImageContentType,
  type ImageFolder,
  type PresignResponse,
} from '@strideadmin/contract';
import { api } from './api-client';

export class UploadError extends Error {
  constructor(message: string = messages.uploadFailed) {
    super(message);
    this.name = 'UploadError';
  }
}

/** What the box refuses before any request: the same rules the server enforces. */
export function checkImageFile(file: File): string | null {
  if (!(imageContentTypes as readonly string[]).includes(file.type)) return messages.uploadTypeNotAllowed;
  if (file.size > limits.uploadMaxBytes) return messages.uploadTooLarge;
  if (file.size === 0) return messages.uploadEmpty;
  return null;
}

/**
 * docs/behaviour.md §7: ask the API for a signed URL, PUT the file straight to it with its content type; the
 * stored image address is the URL without its query part.
 */
export async function uploadImage(file: File, folder: ImageFolder): Promise<string> {
  let url: string;
  try {
    const { body } = await api<PresignResponse>('/getPresignedUrl', {
      method: 'POST',
      body: { name: file.name, dict: folder, dataType: file.type as ImageContentType },
    });
    url = body.url;
  } catch (err) {
    console.warn('Presigning the upload failed:', err);
    throw new UploadError();
  }
  let res: Response;
  try {
    res = await fetch(url, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
  } catch (err) {
    console.warn('The upload did not reach the store:', err);
    throw new UploadError();
  }
  if (!res.ok) {
    console.warn(`The store refused the upload: ${res.status}`);
    throw new UploadError();
  }
  return url.split('?')[0]!;
}
