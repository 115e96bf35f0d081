import { jwtVerify, SignJWT } from 'jose';
import type { LinkKind } from '@pc/contract';

export type LinkClaims = { projectId: string; partnerId: string; businessId: string; kind: LinkKind; expires: number };

const kinds: readonly string[] = ['waba', 'migration', 'ads', 'catalog'] satisfies LinkKind[];

/**
 * A provider link's `state`: a compact JWS (HS256 only) naming the project, with an expiry. jose
 * refuses anything but exactly three segments, another algorithm, a bad signature or an expired token.
 */
export const createLinkTokens = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ expires, ...claims }: LinkClaims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(expires / 1000))
        .sign(key),
    verify: async (token: string, now: number): Promise<LinkClaims | null> => {
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
