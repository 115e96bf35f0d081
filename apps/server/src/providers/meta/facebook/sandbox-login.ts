import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { InvalidAccessToken } from '../signup/signup.js';

/**
 * The sandbox Facebook login (ARCHITECTURE rules 8 and 15), shared by the embedded sign-up and Meta
 * Ads: the dialog on this server (modules/embedded-signup/sandbox-dialog.ts) issues an access token,
 * a JWS signed with the sandbox's key, carrying who logged in (a Facebook user, by name), the
 * permissions granted and, when the login asked to manage WhatsApp, the account shared. Each sandbox
 * provider reads it back as Facebook's calls would answer. One key for both, so one token works for
 * both, as a Facebook token does.
 */

/** What the dialog asks: the user always, the WhatsApp account only with `whatsapp_business_management`. */
export type SandboxLogin = {
  scopes: string[];
  userName: string;
  businessName?: string;
  phoneNumber?: string;
  displayName?: string;
};

/**
 * A token read back: the login, with the user's id (stable digits from the name, as an app-scoped id
 * is); a code also says the dialog's `redirect_uri` ('' for the JS SDK's popup), which its exchange must repeat.
 */
export type SandboxLoginClaims = SandboxLogin & { userId: string; redirectUri?: string };

export const DEFAULT_USER_NAME = 'Demo User';

/**
 * A sign-up's token is used at once; an ads login's is kept by the project for the daily sync, as
 * the long-lived token (60 days) a live server exchanges the login's short one for.
 */
const SHORT_TTL_S = 60 * 60;
const LONG_TTL_S = 60 * 24 * 60 * 60;
const longLivedScopes = ['ads_read', 'ads_management'];
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const TYP = 'sandbox-facebook';
const CODE_TYP = 'sandbox-facebook-code';
/** Meta's Embedded Signup code "has a time-to-live of 30 seconds" (its implementation page). */
export const CODE_TTL_S = 30;

/** Stable Meta-like digits from a seed (no leading zero), so one name or number always gives the same ids. */
export const sandboxDigits = (seed: string, n: number) =>
  [...createHash('sha256').update(seed).digest()]
    .slice(0, n)
    .map((b, i) => (i === 0 ? 1 + (b % 9) : b % 10))
    .join('');

/** A user is their name, whatever its case and spacing: 'demo  user' logs in as 'Demo User'. */
export const sandboxUserIdOf = (userName: string) =>
  sandboxDigits(`facebook-user:${userName.trim().replace(/\s+/g, ' ').toLowerCase()}`, 15);

const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);

export const createSandboxFacebookLogin = (secret: string, now: () => Date) => {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (login: SandboxLogin): Promise<string> => {
      const iat = Math.floor(now().getTime() / 1000);
      const ttl = login.scopes.some((s) => longLivedScopes.includes(s)) ? LONG_TTL_S : SHORT_TTL_S;
      return new SignJWT({ ...login, typ: TYP })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttl)
        .sign(key);
    },

    /**
     * The exchangeable code of a login with response_type 'code' (Embedded Signup's, a link's): the
     * login, for 30 seconds, bound to the dialog's redirect URI as Facebook's is.
     */
    issueCode: (login: SandboxLogin, redirectUri = ''): Promise<string> => {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ...login, redirectUri, typ: CODE_TYP })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + CODE_TTL_S)
        .sign(key);
    },

    /**
     * The login a token carries (or, with `kind` 'code', a code); throws InvalidAccessToken
     * (malformed, forged, expired, not a login).
     */
    read: async (token: string, kind: 'token' | 'code' = 'token'): Promise<SandboxLoginClaims> => {
      if (!compactJws.test(token)) throw new InvalidAccessToken('malformed');
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() }));
      } catch (e) {
        throw new InvalidAccessToken(e instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
      const { scopes, typ } = payload;
      if (typ !== (kind === 'code' ? CODE_TYP : TYP) || !Array.isArray(scopes))
        throw new InvalidAccessToken(kind === 'code' ? 'not a code' : 'not a login token');
      // Tokens issued before the dialog asked for a user are the default user's.
      const userName = optionalString(payload.userName)?.trim() || DEFAULT_USER_NAME;
      return {
        scopes: scopes.filter((s): s is string => typeof s === 'string'),
        userName,
        userId: sandboxUserIdOf(userName),
        businessName: optionalString(payload.businessName),
        phoneNumber: optionalString(payload.phoneNumber),
        displayName: optionalString(payload.displayName),
        ...(kind === 'code' ? { redirectUri: optionalString(payload.redirectUri) ?? '' } : {}),
      };
    },
  };
};
export type SandboxFacebookLogin = ReturnType<typeof createSandboxFacebookLogin>;
