import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LinkKind } from '@pc/contract';

export type LinkClaims = { projectId: string; partnerId: string; businessId: string; kind: LinkKind; expires: number };

/** A signed, expiring token naming the project a provider link is for (the link's `state`). */
export const createLinkTokens = (secret: string) => {
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  return {
    issue: (claims: LinkClaims) => {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    verify: (token: string, now: number): LinkClaims | null => {
      const [body, sig] = token.split('.');
      if (!body || !sig) return null;
      const a = Buffer.from(sign(body));
      const b = Buffer.from(sig);
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims;
        return claims.expires > now ? claims : null;
      } catch {
        return null;
      }
    },
  };
};
export type LinkTokens = ReturnType<typeof createLinkTokens>;
