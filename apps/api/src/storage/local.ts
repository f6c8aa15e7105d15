import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { link, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type ImageContentType, type ImageFolder, uploadUrlTtlSeconds } from '@strideadmin/contract';
import {
  contentTypeOfKey,
  isImageContentType,
  isImageFolder,
  makeObjectKey,
  ObjectExistsError,
  type ObjectStorage,
  type PresignedPut,
  type PresignPutInput,
  StorageUnavailableError,
} from './object-storage.js';

/**
 * The key that signs local upload URLs, derived from the JWT secret (HKDF, its own purpose): the
 * JWT key itself never signs anything but tokens, and no second secret has to be kept.
 */
export function deriveUploadSigningKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'strideadmin', 'upload-url-signing-v1', 32));
}

export interface LocalStorageOptions {
  /** DATA_DIR/uploads: outside the web root; one sub-folder per image folder. */
  dir: string;
  /** PUBLIC_URL, without a trailing slash: upload URLs and image addresses start with it. */
  publicUrl: string;
  signingKey: Uint8Array;
  ttlSeconds?: number;
  /** Milliseconds since the epoch; tests move the clock. */
  now?: () => number;
}

/** The query of a local upload URL, as the PUT brings it back (unvalidated). */
export interface SignedPutQuery {
  expires?: unknown;
  type?: unknown;
  sig?: unknown;
}

export type SignedPutCheck =
  | { ok: true; folder: ImageFolder; key: string; contentType: ImageContentType }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

export interface StoredObject {
  body: ReadStream;
  size: number;
  contentType: ImageContentType;
}

const expiresPattern = /^\d{1,12}$/;
const signaturePattern = /^[A-Za-z0-9_-]{43}$/; // base64url of 32 bytes, unpadded
const missing = new Set(['ENOENT', 'ENOTDIR']);
const linkUnsupported = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A file-system failure as the store's failure (507 for a full disk, 503 otherwise); bugs pass through. */
function storageFailure(err: unknown, action: string): unknown {
  const code = errorCode(err);
  if (!code) return err;
  return new StorageUnavailableError(`${action} failed: ${code}`, code === 'ENOSPC' || code === 'EDQUOT', {
    cause: err,
  });
}

/**
 * The embedded image store: files under DATA_DIR/uploads/<folder>/<key>, uploaded through URLs the
 * API signs itself (HMAC-SHA256 over method, folder, key, content type and expiry) and served at
 * /uploads/<folder>/<key>.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly origins: readonly string[];
  readonly dir: string;
  private readonly publicUrl: string;
  private readonly signingKey: Uint8Array;
  private readonly ttlSeconds: number;
  private readonly now: () => number;

  constructor(options: LocalStorageOptions) {
    this.dir = path.resolve(options.dir);
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.origins = [new URL(this.publicUrl).origin];
    this.signingKey = options.signingKey;
    this.ttlSeconds = options.ttlSeconds ?? uploadUrlTtlSeconds;
    this.now = options.now ?? Date.now;
  }

  async presignPut({ folder, contentType }: PresignPutInput): Promise<PresignedPut> {
    const key = makeObjectKey(contentType);
    const expiresAt = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const sig = this.sign(folder, key, contentType, String(expiresAt)).toString('base64url');
    const publicUrl = this.publicUrlOf(folder, key);
    const query = new URLSearchParams({ expires: String(expiresAt), type: contentType, sig });
    return { url: `${publicUrl}?${query.toString()}`, key, publicUrl, expiresAt };
  }

  /** Whether a PUT to /uploads/<folder>/<key>?<query> carries a valid, unexpired signature of ours. */
  checkSignedPut(folder: string, key: string, query: SignedPutQuery): SignedPutCheck {
    const { expires, type, sig } = query;
    if (
      !isImageFolder(folder) ||
      typeof expires !== 'string' ||
      !expiresPattern.test(expires) ||
      typeof type !== 'string' ||
      !isImageContentType(type) ||
      contentTypeOfKey(key) !== type ||
      typeof sig !== 'string' ||
      !signaturePattern.test(sig)
    ) {
      return { ok: false, reason: 'malformed' };
    }
    const expected = this.sign(folder, key, type, expires);
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: 'signature' };
    // Checked after the signature, so that a forged URL learns nothing about the clock.
    if (Number(expires) < Math.floor(this.now() / 1000)) return { ok: false, reason: 'expired' };
    return { ok: true, folder, key, contentType: type };
  }

  async exists(folder: ImageFolder, key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(folder, key));
      return true;
    } catch (err) {
      if (missing.has(errorCode(err) ?? '')) return false;
      throw storageFailure(err, 'checking an upload');
    }
  }

  /**
   * Stores `bytes` as <folder>/<key>, once: written in full to a temporary file first and then
   * linked into place, so readers never see half a file and a second upload finds the first one
   * (ObjectExistsError) instead of replacing it.
   */
  async put(folder: ImageFolder, key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(folder, key);
    const folderDir = path.dirname(target);
    // A dot name never matches an object key, so a temporary file is never served.
    const temporary = path.join(folderDir, `.${key}.${randomUUID()}.part`);
    try {
      await mkdir(folderDir, { recursive: true, mode: 0o700 });
      const file = await open(temporary, 'wx', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
    } catch (err) {
      await rm(temporary, { force: true }).catch(() => {});
      throw storageFailure(err, 'writing an upload');
    }
    try {
      await link(temporary, target); // atomic, and never replaces an existing file
    } catch (err) {
      const code = errorCode(err);
      if (code === 'EEXIST') throw new ObjectExistsError();
      if (!linkUnsupported.has(code ?? '')) throw storageFailure(err, 'storing an upload');
      // A file system without hard links: check, then rename (atomic, but may race a twin PUT).
      if (await this.exists(folder, key)) throw new ObjectExistsError();
      try {
        await rename(temporary, target);
      } catch (renameErr) {
        throw storageFailure(renameErr, 'storing an upload');
      }
    } finally {
      await rm(temporary, { force: true }).catch(() => {});
    }
  }

  /** The stored object, or null when there is none. */
  async open(folder: ImageFolder, key: string): Promise<StoredObject | null> {
    const contentType = contentTypeOfKey(key);
    if (!contentType) return null;
    let file;
    try {
      file = await open(this.pathOf(folder, key), 'r');
    } catch (err) {
      if (missing.has(errorCode(err) ?? '')) return null;
      throw storageFailure(err, 'reading an upload');
    }
    try {
      const info = await file.stat();
      if (!info.isFile()) {
        await file.close();
        return null;
      }
      return { body: file.createReadStream(), size: info.size, contentType };
    } catch (err) {
      await file.close().catch(() => {});
      throw storageFailure(err, 'reading an upload');
    }
  }

  async remove(folder: ImageFolder, key: string): Promise<void> {
    try {
      await rm(this.pathOf(folder, key), { force: true });
    } catch (err) {
      throw storageFailure(err, 'removing an upload');
    }
  }

  close(): void {}

  /** The address the stored image is served at (GET /uploads/<folder>/<key>). */
  publicUrlOf(folder: ImageFolder, key: string): string {
    return `${this.publicUrl}/uploads/${folder}/${key}`;
  }

  /** The file of <folder>/<key>; refuses anything that is not a folder and a key of ours. */
  pathOf(folder: ImageFolder, key: string): string {
    if (!isImageFolder(folder) || !contentTypeOfKey(key)) throw new Error(`not an object of ours: ${folder}/${key}`);
    return path.join(this.dir, folder, key);
  }

  private sign(folder: string, key: string, contentType: string, expires: string): Buffer {
    return createHmac('sha256', this.signingKey)
      .update(['strideadmin-upload-v1', 'PUT', folder, key, contentType, expires].join('\n'))
      .digest();
  }
}
