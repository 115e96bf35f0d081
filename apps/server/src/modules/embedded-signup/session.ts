import { jwtVerify, SignJWT } from 'jose';

/** How long a sign-up's token lets its page go on (a client who comes back the next day starts again). */
export const SESSION_TTL_S = 24 * 60 * 60;
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export type SignupClaims = { signupId: string; partnerId: string };

/**
 * The sign-up's token (the x-signup-token header): a JWS naming the sign-up and its partner, so the
 * page's later calls act on that sign-up only, with no account and no session. It is made again
 * from the same claims when the form is sent twice.
 */
export const createSignupTokens = (secret: string, now: () => Date) => {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (c: SignupClaims) =>
      new SignJWT({ sid: c.signupId, pid: c.partnerId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(now().getTime() / 1000) + SESSION_TTL_S)
        .sign(key),
    verify: async (token: string | undefined): Promise<SignupClaims | null> => {
      if (!token || !compactJws.test(token)) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        const { sid, pid } = payload;
        return typeof sid === 'string' && typeof pid === 'string' ? { signupId: sid, partnerId: pid } : null;
      } catch {
        return null;
      }
    },
  };
};
export type SignupTokens = ReturnType<typeof createSignupTokens>;
