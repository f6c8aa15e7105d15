import { randomUUID } from 'node:crypto';
import { type ImageContentType, imageContentTypes, type ImageFolder, imageFolders } from '@strideadmin/contract';

export interface PresignPutInput {
  folder: ImageFolder;
  contentType: ImageContentType;
  /** The client's file name: never part of the key (a key is made on the server); for logs only. */
  originalName: string;
}

export interface PresignedPut {
  /** Where the client PUTs the file, with its content type, before `expiresAt`. */
  url: string;
  /** The server-made object name inside the folder: `<uuid>.<png|jpg|gif>`. */
  key: string;
  /** The stored image's address once uploaded (docs/behaviour.md §7: the url without its query part). */
  publicUrl: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** Image storage (docs/architecture.md): local disk with our own signed URLs, or an S3-compatible bucket. */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Origins a browser uploads to and loads images from (the portal's CSP allows them). */
  readonly origins: readonly string[];
  /** A single-purpose, expiring URL to PUT one image of `contentType` into `folder`. */
  presignPut(input: PresignPutInput): Promise<PresignedPut>;
  /** Removes <folder>/<key>; nothing when there is none (an erased account's picture). */
  remove(folder: ImageFolder, key: string): Promise<void>;
  /** Releases clients and sockets (the app's onClose). */
  close(): void;
}

/** The store could not do its part (full disk, read-only or missing volume, bucket unreachable...). */
export class StorageUnavailableError extends Error {
  constructor(
    message: string,
    /** The disk or quota is full (HTTP 507) rather than the store being unusable (HTTP 503). */
    readonly insufficientSpace: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/** A second upload to a key that already holds an object (upload URLs are single use). */
export class ObjectExistsError extends Error {
  constructor() {
    super('the object already exists');
    this.name = 'ObjectExistsError';
  }
}

const extensionByType: Record<ImageContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};
const typeByExtension = new Map(Object.entries(extensionByType).map(([type, ext]) => [ext, type as ImageContentType]));

/** `<uuid v4>.<png|jpg|gif>`, exactly as makeObjectKey makes it: nothing else ever names a file. */
const objectKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(png|jpg|gif)$/;

/** A fresh object key; its extension comes from the content type, never from the client's file name. */
export function makeObjectKey(contentType: ImageContentType): string {
  return `${randomUUID()}.${extensionByType[contentType]}`;
}

/** The content type an object key stands for, or null when `key` is not one of ours. */
export function contentTypeOfKey(key: string): ImageContentType | null {
  const m = objectKeyPattern.exec(key);
  return m ? (typeByExtension.get(m[1]!) ?? null) : null;
}

/**
 * The folder and key of a stored image's address (`.../<folder>/<key>`, as publicUrl and
 * publicUrlOf make it), on one of `origins`; null for any other address (an image kept elsewhere).
 */
export function storedObjectOf(url: string, origins: readonly string[]): { folder: ImageFolder; key: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!origins.includes(parsed.origin)) return null;
  const [folder, key] = parsed.pathname.split('/').slice(-2);
  if (!folder || !key || !isImageFolder(folder) || !contentTypeOfKey(key)) return null;
  return { folder, key };
}

export function isImageFolder(value: string): value is ImageFolder {
  return (imageFolders as readonly string[]).includes(value);
}

export function isImageContentType(value: string): value is ImageContentType {
  return (imageContentTypes as readonly string[]).includes(value);
}

/** A client's file name made safe to log (no control characters, bounded); it is never used otherwise. */
export function fileNameForLog(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 100);
}
