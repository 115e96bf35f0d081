import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageProvider } from './storage.js';

export type UploadPolicy = { key: string; contentType: string; maxBytes: number; expires: number };

/**
 * Files on disk under DATA_DIR/uploads. Browser uploads go to this server's signed-policy POST
 * endpoint (/api/storage/upload), which stands in for a bucket's presigned POST.
 */
export const createLocalStorage = (opts: { root: string; publicUrl: string; secret: string }) => {
  const fileOf = (key: string) => {
    const file = path.resolve(opts.root, key);
    if (!file.startsWith(path.resolve(opts.root) + path.sep)) throw new Error('storage key outside the root');
    return file;
  };
  const sign = (policy: string) => createHmac('sha256', opts.secret).update(policy).digest('base64url');

  /** The policy of a signed upload form, or null when forged or expired. */
  const verifyPolicy = (policy: string, signature: string, now: number): UploadPolicy | null => {
    const expected = Buffer.from(sign(policy));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const parsed = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as UploadPolicy;
      return parsed.expires > now ? parsed : null;
    } catch {
      return null;
    }
  };

  const storage: StorageProvider & { verifyPolicy: typeof verifyPolicy } = {
    kind: 'local',
    put: async (key, bytes) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    get: async (key) => {
      try {
        return await readFile(fileOf(key));
      } catch {
        return null;
      }
    },
    createUploadPost: async (key, { contentType, maxBytes, expiresSeconds }) => {
      const policy = Buffer.from(
        JSON.stringify({
          key,
          contentType,
          maxBytes,
          expires: Date.now() + expiresSeconds * 1000,
        } satisfies UploadPolicy),
      ).toString('base64url');
      return {
        url: `${opts.publicUrl}/api/storage/upload`,
        fields: { key, 'Content-Type': contentType, policy, signature: sign(policy) },
      };
    },
    verifyPolicy,
  };
  return storage;
};
export type LocalStorage = ReturnType<typeof createLocalStorage>;
