import { jwtVerify, SignJWT } from 'jose';
import type { Env } from '../../env.js';
import { signingSecret } from '../../providers/storage/create.js';

/**
 * Signed links to stored files that are not public (invoices): `/api/files/{id}?token=<JWS>`, a
 * JWS (jose, HS256 only, `exp` required) naming the file, made when a page that may show the file
 * is read. A browser opens it in a new tab, where the console's bearer session is not sent; the
 * link works for that file only and for a short while, so one copied out of a page stops working.
 */
const FILE_LINK_TTL_S = 15 * 60;
const AUDIENCE = 'stored-file';
const FILE_PATH = /^\/api\/files\/([\w-]+)$/;

const keys = new WeakMap<Env, Uint8Array>();
const keyOf = (env: Env) => {
  let key = keys.get(env);
  if (!key) {
    key = new TextEncoder().encode(signingSecret(env, 'file-links'));
    keys.set(env, key);
  }
  return key;
};

/** The stored link (`/api/files/{id}`) signed for now; anything else (none, another site's) as it is. */
export const signedFileLink = async <T extends string | null>(env: Env, now: Date, link: T): Promise<T> => {
  const fileId = link ? FILE_PATH.exec(link)?.[1] : undefined;
  if (!link || !fileId) return link;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(fileId)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_S)
    .sign(keyOf(env));
  return `${link}?token=${token}` as T;
};

/** Whether `token` is a live link to this file. */
export const fileLinkValid = async (env: Env, now: Date, fileId: string, token: string | undefined) => {
  if (!token) return false;
  try {
    await jwtVerify(token, keyOf(env), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      subject: fileId,
      requiredClaims: ['exp'],
      currentDate: now,
    });
    return true;
  } catch {
    return false;
  }
};
