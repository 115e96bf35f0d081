import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Env } from '../../env.js';
import { loadTokenSecret } from '../../platform/auth/tokens.js';
import { createLocalStorage, type LocalStorage } from './local.js';
import { createS3Storage, type S3Options } from './s3.js';
import type { StorageProvider } from './storage.js';

/** A key for signing upload forms and provider links, derived from the server's token secret. */
export const signingSecret = (env: Env, label: string) =>
  createHash('sha256')
    .update(`${label}:${loadTokenSecret(env.TOKEN_SECRET, env.DATA_DIR)}`)
    .digest('base64url');

/** The bucket's settings from the configuration; static keys only in pairs (else the SDK's default chain). */
const s3OptionsOf = (env: Env): S3Options => {
  if (!env.S3_BUCKET) throw new Error('STORAGE=s3 needs S3_BUCKET');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the AWS default chain)');
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    // MinIO and most S3-compatible stores expect the bucket in the path; AWS itself, in the host name.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            sessionToken: env.S3_SESSION_TOKEN,
          }
        : undefined,
    timeoutMs: env.S3_TIMEOUT_MS,
    maxAttempts: env.S3_MAX_ATTEMPTS,
  };
};

export const createStorage = (env: Env): StorageProvider & { local?: LocalStorage } => {
  if (env.STORAGE === 's3') return createS3Storage(s3OptionsOf(env));
  const local = createLocalStorage({
    root: path.resolve(env.DATA_DIR, 'uploads'),
    publicUrl: env.publicUrl,
    secret: signingSecret(env, 'storage'),
  });
  return Object.assign(local, { local });
};

/** Origins other than this server's that the console's pages send uploads to (for their connect-src). */
export const uploadOrigins = async (env: Env): Promise<string[]> =>
  env.STORAGE === 's3' ? [await createS3Storage(s3OptionsOf(env)).uploadOrigin()] : [];
