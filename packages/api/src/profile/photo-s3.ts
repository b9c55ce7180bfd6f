import type { PhotoStore } from './photo-store';

/** An S3-compatible bucket, as S3_URL names it (docs/architecture.md#uploads). */
export interface S3Location {
  /** `https://host[:port]`, or `http://` for an `s3+http://` URL. */
  endpoint: string;
  region: string;
  bucket: string;
  /** Put before every key: '' or a folder ending in '/'. */
  prefix: string;
  /** Bucket in the path (`host/bucket/key`) rather than in the host name (`bucket.host/key`). */
  forcePathStyle: boolean;
  /** From the URL; without them the AWS SDK's own chain (environment, instance role) is asked. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** How long one call to the bucket may take before it counts as failed, and how many tries it gets. */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;
const MAX_ATTEMPTS = 3;

/**
 * Photos as objects in an S3-compatible bucket, through the official AWS SDK. The SDK is loaded only when
 * S3_URL is set, so a server without it does not pay half a second for loading it at start.
 */
export async function s3PhotoStore(location: S3Location): Promise<PhotoStore> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    ...(location.credentials ? { credentials: location.credentials } : {}),
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) => `${location.prefix}${key}`;

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body || !object.ETag) return null;
        return {
          bytes: await object.Body.transformToByteArray(),
          etag: object.ETag,
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}
