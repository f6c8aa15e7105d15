import type { StorageConfig } from '../config.js';
import { deriveUploadSigningKey, LocalStorage } from './local.js';
import type { S3Storage } from './s3.js';

export * from './object-storage.js';
export { looksLikeImage } from './image-signature.js';
export { deriveUploadSigningKey, LocalStorage, type SignedPutCheck, type StoredObject } from './local.js';
// The AWS SDK loads only when S3 is configured (~0.15 s of every start otherwise: bench/startup.ts).
export type { S3Storage } from './s3.js';

export type ConfiguredStorage = LocalStorage | S3Storage;

/** The image store the configuration asks for: an S3 bucket when S3_BUCKET is set, else local disk. */
export async function createStorage(
  config: StorageConfig,
  { publicUrl, jwtSecret }: { publicUrl: string; jwtSecret: string },
): Promise<ConfiguredStorage> {
  if (config.driver === 's3') return (await import('./s3.js')).S3Storage.create(config);
  return new LocalStorage({ dir: config.dir, publicUrl, signingKey: deriveUploadSigningKey(jwtSecret) });
}
