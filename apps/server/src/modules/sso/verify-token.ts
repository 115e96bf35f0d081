import { decodeJwt, errors, jwtVerify } from 'jose';
import { SSO_TOKEN_MAX_SECONDS, ssoRefusals } from '@pc/contract';
import { refused } from './refused.js';

export type SsoClaims = { partnerId: string; sub: string; jti: string; iat: number; exp: number };

/** Seconds of clock difference allowed between the partner's system and ours. */
export const CLOCK_TOLERANCE_SECONDS = 30;
const MAX_TEXT = 200;

const text = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_TEXT;

/** The partner the token names, unverified: it only says whose secret to check the token with. */
export const claimedPartnerId = (token: string): string => {
  try {
    const { partnerId } = decodeJwt(token);
    if (text(partnerId)) return partnerId;
  } catch {
    // not a JWT at all
  }
  throw refused(ssoRefusals.malformed);
};

/**
 * Verified with the partner's secret by jose: HS256 only (`none` and every other alg refused),
 * exp, iat, jti, sub and partnerId required, exp not past and iat not ahead (30 s of clock
 * difference either way), and a lifetime of at most 5 minutes.
 */
export const verifySsoToken = async (token: string, secret: string, now: Date): Promise<SsoClaims> => {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'partnerId', 'iat', 'exp', 'jti'],
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      maxTokenAge: SSO_TOKEN_MAX_SECONDS,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw refused(ssoRefusals.expired);
    if (error instanceof errors.JWTClaimValidationFailed) throw refused(ssoRefusals.invalidClaims(error.message));
    throw refused(ssoRefusals.badSignature);
  }
  const { sub, partnerId, jti, iat, exp } = payload;
  if (!text(sub) || !text(partnerId) || !text(jti) || iat === undefined || exp === undefined)
    throw refused(ssoRefusals.invalidClaims('sub, partnerId and jti must be texts of 1 to 200 characters'));
  if (exp - iat > SSO_TOKEN_MAX_SECONDS) throw refused(ssoRefusals.tooLong);
  return { sub, partnerId, jti, iat, exp };
};
