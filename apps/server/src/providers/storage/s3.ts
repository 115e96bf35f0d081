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

/**
 * The AWS SDK is loaded when the bucket is first used, not when the server starts: loading it is a
 * tenth of a start, and the default storage is the local disk (docs/benchmarks.md, "Cold start").
 */
const loadSdk = async () => {
  const [s3, post, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-presigned-post'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return { ...s3, createPresignedPost: post.createPresignedPost, getSignedUrl: presigner.getSignedUrl };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

const notFound = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** An S3 bucket through the AWS SDK: signing, credentials, addressing, timeouts and retries are the SDK's. */
export const createS3Storage = (
  o: S3Options,
): StorageProvider & {
  presignGet: (key: string, expiresSeconds: number) => Promise<string>;
  uploadOrigin: () => Promise<string>;
} => {
  const makeClient = (sdk: Sdk) =>
    new sdk.S3Client({
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
  let loaded: Promise<{ sdk: Sdk; client: InstanceType<Sdk['S3Client']> }> | undefined;
  const use = () => (loaded ??= loadSdk().then((sdk) => ({ sdk, client: makeClient(sdk) })));
  const object = (key: string) => ({ Bucket: o.bucket, Key: key });

  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      const { sdk, client } = await use();
      await client.send(new sdk.PutObjectCommand({ ...object(key), Body: bytes, ContentType: contentType }));
    },
    get: async (key) => {
      const { sdk, client } = await use();
      try {
        const res = await client.send(new sdk.GetObjectCommand(object(key)));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notFound(sdk, error)) return null;
        throw error;
      }
    },
    createUploadPost: async (key, { contentType, maxBytes, expiresSeconds }) => {
      const { sdk, client } = await use();
      const { url, fields } = await sdk.createPresignedPost(client, {
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
    presignGet: async (key, expiresSeconds) => {
      const { sdk, client } = await use();
      return sdk.getSignedUrl(client, new sdk.GetObjectCommand(object(key)), { expiresIn: expiresSeconds });
    },
    /** Where browsers post uploads (the page's connect-src must allow it): the bucket's endpoint as the SDK resolves it. */
    uploadOrigin: async () => {
      const { client } = await use();
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
