import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageProvider } from './storage.js';

export type S3Options = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...); AWS's own endpoint when absent. */
  endpoint?: string;
  /** bucket in the path (endpoint/bucket/key) rather than in the host name (bucket.endpoint/key). */
  forcePathStyle: boolean;
  /** Static keys; without them the SDK's default chain (AWS_* variables, profiles, instance and pod roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  timeoutMs: number;
  maxAttempts: number;
};

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** An S3 bucket through the AWS SDK: signing, credentials, addressing, timeouts and retries are the SDK's. */
export const createS3Storage = (
  o: S3Options,
): StorageProvider & {
  presignGet: (key: string, expiresSeconds: number) => Promise<string>;
  uploadOrigin: () => Promise<string>;
} => {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    credentials: o.credentials,
    maxAttempts: o.maxAttempts,
    // Without throwOnRequestTimeout the SDK only warns (on the console) and a stalled store holds the request forever.
    requestHandler: { connectionTimeout: o.timeoutMs, requestTimeout: o.timeoutMs, throwOnRequestTimeout: true },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default CRC32 headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const object = (key: string) => ({ Bucket: o.bucket, Key: key });

  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      await client.send(new PutObjectCommand({ ...object(key), Body: bytes, ContentType: contentType }));
    },
    get: async (key) => {
      try {
        const res = await client.send(new GetObjectCommand(object(key)));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    createUploadPost: async (key, { contentType, maxBytes, expiresSeconds }) => {
      const { url, fields } = await createPresignedPost(client, {
        ...object(key),
        Conditions: [
          ['content-length-range', 0, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresSeconds,
      });
      return { url, fields };
    },
    presignGet: (key, expiresSeconds) =>
      getSignedUrl(client, new GetObjectCommand(object(key)), { expiresIn: expiresSeconds }),
    /** Where browsers post uploads (the page's connect-src must allow it): the bucket's endpoint as the SDK resolves it. */
    uploadOrigin: async () => {
      const { url } = client.config.endpointProvider({
        Bucket: o.bucket,
        Region: await client.config.region(),
        Endpoint: o.endpoint,
        ForcePathStyle: o.forcePathStyle,
        UseFIPS: await client.config.useFipsEndpoint(),
        UseDualStack: await client.config.useDualstackEndpoint(),
      });
      return url.origin;
    },
  };
};
