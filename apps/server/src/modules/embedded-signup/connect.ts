import { signupScopes, signupTexts, type SubmitFacebookAccessTokenRequest } from '@pc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { InvalidAccessToken, type SharedWaba } from '../../providers/meta/signup/signup.js';
import { recordSignUp } from '../onboarding/queries.js';
import { updateProject } from '../projects/queries.js';
import type { SignupCtx } from './context.js';
import { updateSignup } from './queries.js';
import { signupOf } from './signup.js';

/** Facebook's login did not give what the sign-up needs: the page says 'Connection Failed!' with this. */
const notConnected = (message: string) => new AppError('FACEBOOK_NOT_CONNECTED', 400, message);

const inspect = async (ctx: SignupCtx, accessToken: string, log: FastifyBaseLogger): Promise<SharedWaba> => {
  try {
    return await ctx.facebook!.inspect(accessToken);
  } catch (error) {
    if (error instanceof InvalidAccessToken) throw notConnected(error.message);
    log.warn({ err: error }, 'Facebook could not be asked about a sign-up token');
    throw new AppError('PROVIDER_UNAVAILABLE', 502, signupTexts.somethingWrong);
  }
};

/**
 * POST /api/submit-facebook-access-token: what the client's Facebook login shared becomes the
 * project's WhatsApp account and number. success: the number is live (progress step 9, verified);
 * otherwise Meta is still setting it up (step 6, the troubleshooting wizard's register step next),
 * which Sync or the wizard finishes. Sent again, it applies the same again.
 */
export const submitFacebookAccessToken = async (
  ctx: SignupCtx,
  token: string | undefined,
  body: SubmitFacebookAccessTokenRequest,
  log: FastifyBaseLogger,
) => {
  const { signup, project } = await signupOf(ctx, token);
  if (body.assistantId !== project.id) throw notFound('Project not found.');
  const shared = await inspect(ctx, body.accessToken, log);
  const missing = signupScopes.filter((s) => !shared.granted.includes(s));
  if (missing.length > 0) throw notConnected(`${signupTexts.grantAll} (${missing.join(', ')})`);
  const { waba, phone, business } = shared;
  if (!waba || !phone) throw notConnected(signupTexts.noWaba);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await updateProject(tx, project.partnerId, project.id, {
      wabaAppId: waba.id,
      wabaNumberId: phone.id,
      whatsappNumber: phone.number,
      whatsAppDisplayName: phone.displayName,
      fbBusinessId: business?.id ?? null,
      fbBusinessName: business?.name ?? null,
      fbManagerVerified: business !== null,
      ...(phone.live
        ? {
            isWhatsappVerified: true,
            wabaProgressStep: 9,
            channelActivatedOn: project.channelActivatedOn ?? now,
            displayNameStatus: 'APPROVED',
            qualityRating: 'GREEN',
            messagingLimit: 'TIER_250',
          }
        : { isWhatsappVerified: false, wabaProgressStep: 6 }),
    });
    await recordSignUp(tx, project, 'waba', now);
    await updateSignup(tx, signup.id, { facebookConnectedAt: signup.facebookConnectedAt ?? now });
  });
  return { success: phone.live };
};
