import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('storage configuration', () => {
  it('is local disk under DATA_DIR/uploads by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/stride' }).storage).toEqual({
      driver: 'local',
      dir: path.resolve('/srv/stride/uploads'),
    });
  });

  it('is an S3 bucket when S3_BUCKET is set, with us-east-1 and the default credential chain unless told', () => {
    expect(loadConfig({ S3_BUCKET: 'images' }).storage).toEqual({
      driver: 's3',
      bucket: 'images',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: undefined,
    });
  });

  it('reads every S3 variable', () => {
    const config = loadConfig({
      S3_BUCKET: 'images',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com/',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      S3_PUBLIC_URL: 'https://images.example.com/',
    });

    expect(config.storage).toEqual({
      driver: 's3',
      bucket: 'images',
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://images.example.com',
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ S3_BUCKET: '  ' }).storage.driver).toBe('local');
    expect(loadConfig({ S3_BUCKET: 'images', S3_REGION: '', S3_ENDPOINT: ' ' }).storage).toMatchObject({
      region: 'us-east-1',
      endpoint: undefined,
    });
  });

  it('refuses half a key pair, an endpoint that is not a URL, and a flag that is not one, and says which', () => {
    expect(() => loadConfig({ S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'images', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_PUBLIC_URL: '/images' })).toThrow(/S3_PUBLIC_URL/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
