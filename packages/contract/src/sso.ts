import { z } from 'zod';

/**
 * Single sign-on (spec doc 3 section 2, "Configure Single Sign On"): a partner's own system signs
 * its users into the console with a JWT signed by the partner's secret (HS256), opened as a link
 * (`GET /auth/sso?token=`) or carried in the cookie named after the brand followed by SSOToken.
 */
export const SSO_SIGN_IN_PATH = '/auth/sso';
/** What the console generates: 40 letters and digits, about 238 bits. */
export const SSO_SECRET_LENGTH = 40;
/** What the server accepts as a secret: at least 32 letters or digits (about 190 bits). */
export const SSO_SECRET_MIN = 32;
export const SSO_SECRET_MAX = 128;
/** A token may live at most this long after its `iat`. */
export const SSO_TOKEN_MAX_SECONDS = 300;
export const SSO_COOKIE_SUFFIX = 'SSOToken';

export const ssoSecretPattern = new RegExp(`^[A-Za-z0-9]{${SSO_SECRET_MIN},${SSO_SECRET_MAX}}$`);

/**
 * The SSO cookie's name: the partner's brand name (its name when no brand is set) with everything
 * but the ASCII letters and digits removed, then "SSOToken": "Acme Connect" gives
 * `AcmeConnectSSOToken`. A brand with no such character gives `PartnerSSOToken`.
 */
export const ssoCookieName = (brandName: string | null | undefined, partnerName: string): string => {
  const strip = (text: string | null | undefined) => (text ?? '').replace(/[^A-Za-z0-9]/g, '');
  return `${strip(brandName) || strip(partnerName) || 'Partner'}${SSO_COOKIE_SUFFIX}`;
};

/** Ours: `GET /api/sso-settings` (the spec shows no read call); the saved secret is never sent back. */
export const SsoSettings = z.object({
  secretSet: z.boolean(),
  /** The last 4 characters of the saved secret, so the owner can tell which one is in use. */
  secretEnding: z.string().nullable(),
  cookieName: z.string(),
  signInPath: z.string(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

export const SsoSignInQuery = z.object({ token: z.string().max(8192).optional() });

/** Why a single sign-on token signs nobody in (401 `SSO_REFUSED`). */
export const ssoRefusals = {
  noToken: `No single sign-on token: send it as ?token= or in the cookie named after the brand followed by ${SSO_COOKIE_SUFFIX}.`,
  malformed: 'The single sign-on token is not a signed JWT with a partnerId.',
  notSetUp: 'Single sign-on is not set up for this partner.',
  badSignature: "The single sign-on token is not signed with this partner's secret (HS256 only).",
  invalidClaims: (detail: string) =>
    `The single sign-on token's claims are not valid (sub, partnerId, iat, exp and jti are required): ${detail}.`,
  expired: 'The single sign-on token has expired.',
  tooLong: `The single sign-on token must expire at most ${SSO_TOKEN_MAX_SECONDS / 60} minutes after its iat.`,
  wrongCookie: `The single sign-on cookie's name is not this partner's (its brand followed by ${SSO_COOKIE_SUFFIX}).`,
  replayed: 'This single sign-on token was already used.',
  unknownUser: "The token's sub is not an active user of this partner.",
} as const;
