import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import type { StorageProvider } from './storage.js';

/** Exactly three unpadded base64url segments: jose's decoder would skip '=', white space and line breaks. */
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;

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
  const key = new TextEncoder().encode(opts.secret);

  /**
   * The policy of a signed upload form, or null when forged, expired or not ours. The form carries a
   * compact JWS (HS256) in two fields, as a bucket's presigned POST carries its policy and signature:
   * `policy` is its header and payload, `signature` its signature. jose checks it (HS256 only, `exp`
   * required); the shape check first refuses anything but three plain base64url segments.
   */
  const verifyPolicy = async (policy: string, signature: string, now: number): Promise<UploadPolicy | null> => {
    const token = `${policy}.${signature}`;
    if (!compactJws.test(token)) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        currentDate: new Date(now),
      });
      const { key: storageKey, contentType, maxBytes } = payload;
      if (typeof storageKey !== 'string' || typeof contentType !== 'string' || typeof maxBytes !== 'number')
        return null;
      return { key: storageKey, contentType, maxBytes, expires: payload.exp! * 1000 };
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
    createUploadPost: async (storageKey, { contentType, maxBytes, expiresSeconds }) => {
      const token = await new SignJWT({ key: storageKey, contentType, maxBytes })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresSeconds)
        .sign(key);
      const cut = token.lastIndexOf('.');
      return {
        url: `${opts.publicUrl}/api/storage/upload`,
        fields: {
          key: storageKey,
          'Content-Type': contentType,
          policy: token.slice(0, cut),
          signature: token.slice(cut + 1),
        },
      };
    },
    verifyPolicy,
  };
  return storage;
};
export type LocalStorage = ReturnType<typeof createLocalStorage>;
