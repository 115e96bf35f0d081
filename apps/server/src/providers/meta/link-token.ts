import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { LinkKind } from '@pc/contract';

export type LinkClaims = { projectId: string; partnerId: string; businessId: string; kind: LinkKind; expires: number };

const kinds: readonly string[] = ['waba', 'migration', 'ads', 'catalog'] satisfies LinkKind[];
// Exactly three unpadded base64url segments: jose's decoder would skip '=', white space and line breaks.
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * A provider link's `state`: a compact JWS (HS256 only) naming the project, with an expiry. jose
 * refuses another algorithm, a bad signature or an expired token; the shape check refuses anything else
 * in the text (a fourth segment, padding, white space, markup).
 */
export const createLinkTokens = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ expires, ...claims }: LinkClaims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        // Each link its own: a link is spent once (modules/meta-links), and not its twin of the same second.
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(expires / 1000))
        .sign(key),
    verify: async (token: string, now: number): Promise<LinkClaims | null> => {
      if (!compactJws.test(token)) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now),
          requiredClaims: ['exp'],
        });
        const { projectId, partnerId, businessId, kind } = payload;
        if (typeof projectId !== 'string' || typeof partnerId !== 'string' || typeof businessId !== 'string')
          return null;
        if (typeof kind !== 'string' || !kinds.includes(kind)) return null;
        return { projectId, partnerId, businessId, kind: kind as LinkKind, expires: payload.exp! * 1000 };
      } catch {
        return null;
      }
    },
  };
};
export type LinkTokens = ReturnType<typeof createLinkTokens>;
