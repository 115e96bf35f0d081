import { signupTexts, type SignupPageResponse } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { findPartner, type PartnerRow } from '../partners/queries.js';
import { facebookLoginOf } from '../../providers/meta/facebook/login-config.js';
import type { SignupCtx } from './context.js';

/**
 * The partner whose page it is, when it takes sign-ups: sign-up switched on (Manage, Sign Up & Trial)
 * and the embedded sign-up as its onboarding method, and not an ads partner. A partner that does not exist is a 404, one
 * that takes no sign-ups a 403, each with the page's own words.
 */
export const signupPartner = async (ctx: Pick<SignupCtx, 'facebook'>, db: DbOrTx, partnerId: string) => {
  const partner = await findPartner(db, partnerId);
  if (!partner) throw notFound(signupTexts.notFound);
  // An ads partner's clients get no business or project (doc 1 section 6): its page is closed too.
  const open =
    partner.enableSignUp && partner.onboardingMethod === 'EMBEDDED_SIGNUP' && partner.type !== 'ADS_WHITELABEL';
  if (!open || !ctx.facebook) throw forbidden(signupTexts.closed);
  return partner;
};

/** GET /api/{partnerId}/embed/signup: what the page shows, in the partner's brand. */
export const signupPage = async (ctx: SignupCtx, partnerId: string): Promise<SignupPageResponse> => {
  const partner: PartnerRow = await signupPartner(ctx, ctx.db, partnerId);
  return {
    companyName: partner.brandName ?? partner.name,
    colors: partner.profileColors ?? null,
    facebook: facebookLoginOf(ctx.env, ctx.env.META_SIGNUP_CONFIG_ID ?? null),
    sandbox: ctx.sms.sandbox !== null,
  };
};
