import { signupTexts } from '@pc/contract';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import type { SignupCtx } from './context.js';
import { signupPartner } from './page.js';
import { findSignup } from './queries.js';

/**
 * The sign-up a call's x-signup-token names, with its project and partner. An expired or forged
 * token is a 401 (the page starts again); the partner must still take sign-ups.
 */
export const signupOf = async (ctx: SignupCtx, token: string | undefined) => {
  const claims = await ctx.sessions.verify(token);
  // A credential of its own, as the project API's: not a console session.
  if (!claims) throw new AppError('INVALID_CREDENTIAL', 401, signupTexts.sessionExpired);
  const partner = await signupPartner(ctx, ctx.db, claims.partnerId);
  const found = await findSignup(ctx.db, claims.partnerId, claims.signupId);
  if (!found) throw notFound(signupTexts.sessionExpired);
  return { ...found, partner };
};

/** Where a sign-up stands: Facebook not connected yet, the mobile not verified yet, or done. */
export const stepOf = (s: { facebookConnectedAt: Date | null; phoneVerifiedAt: Date | null }) =>
  !s.facebookConnectedAt ? 1 : !s.phoneVerifiedAt ? 2 : 3;

/** GET /api/embed/signup/session. */
export const signupSession = async (ctx: SignupCtx, token: string | undefined) => {
  const { signup, project } = await signupOf(ctx, token);
  return {
    step: stepOf(signup) as 1 | 2 | 3,
    projectName: project.name,
    live: project.isWhatsappVerified,
    dialCode: signup.otpDialCode ?? signup.dialCode,
    mobile: signup.otpMobile ?? signup.mobile,
  };
};
