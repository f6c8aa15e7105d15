import { DeleteObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type ImageFolder, uploadUrlTtlSeconds } from '@strideadmin/contract';
import type { StorageConfig } from '../config.js';
import {
  makeObjectKey,
  type ObjectStorage,
  type PresignedPut,
  type PresignPutInput,
  StorageUnavailableError,
} from './object-storage.js';

export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

function clientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials, // undefined: the SDK's default chain
    // Since SDK 3.729 the default (WHEN_SUPPORTED) signs the CRC32 of the empty body into a
    // presigned PutObject URL, and S3/R2 then refuse every real upload (aws-sdk-js-v3#6994).
    requestChecksumCalculation: 'WHEN_REQUIRED',
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2): real presigned PUT URLs, objects at <folder>/<key>.
 * The bucket must let the portal's origin PUT (CORS) and let anyone GET the image folders.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;

  private constructor(
    private readonly config: S3StorageConfig,
    private readonly client: S3Client,
    readonly origins: readonly string[],
  ) {}

  static async create(config: S3StorageConfig): Promise<S3Storage> {
    const client = new S3Client(clientConfig(config));
    // The bucket's origin as the SDK addresses it (virtual-hosted or path style, custom endpoint,
    // dotted bucket names...), found by presigning offline with throw-away credentials.
    const offline = new S3Client({ ...clientConfig(config), credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const probe = await getSignedUrl(offline, new PutObjectCommand({ Bucket: config.bucket, Key: 'probe' }));
    offline.destroy();
    const origins = new Set([new URL(probe).origin]);
    if (config.publicUrl) origins.add(new URL(config.publicUrl).origin);
    return new S3Storage(config, client, [...origins]);
  }

  async presignPut({ folder, contentType }: PresignPutInput): Promise<PresignedPut> {
    const key = makeObjectKey(contentType);
    const objectKey = `${folder}/${key}`;
    let url: string;
    try {
      url = await getSignedUrl(
        this.client,
        new PutObjectCommand({ Bucket: this.config.bucket, Key: objectKey, ContentType: contentType }),
        // content-type is signed: the bucket refuses a PUT with any other type.
        { expiresIn: uploadUrlTtlSeconds, signableHeaders: new Set(['content-type']) },
      );
    } catch (err) {
      // Typically no credentials in the default chain: the store is unusable, not the request wrong.
      throw new StorageUnavailableError('presigning an upload failed', false, { cause: err });
    }
    const publicUrl = this.config.publicUrl ? `${this.config.publicUrl}/${objectKey}` : url.split('?')[0]!;
    return { url, key, publicUrl, expiresAt: Math.floor(Date.now() / 1000) + uploadUrlTtlSeconds };
  }

  async remove(folder: ImageFolder, key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: `${folder}/${key}` }));
    } catch (err) {
      throw new StorageUnavailableError('removing an object failed', false, { cause: err });
    }
  }

  close(): void {
    this.client.destroy();
  }
}
