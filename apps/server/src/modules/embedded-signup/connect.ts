import { signupScopes, signupTexts, type SubmitFacebookAccessTokenRequest } from '@pc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../platform/errors/app-error.js';
import { InvalidAccessToken, type SharedWaba } from '../../providers/meta/signup/signup.js';
import { connectSharedWaba } from '../onboarding/index.js';
import type { SignupCtx } from './context.js';
import { updateSignup } from './queries.js';
import { signupOf } from './signup.js';

/** Facebook's login did not give what the sign-up needs: the page says 'Connection Failed!' with this. */
const notConnected = (message: string) => new AppError('FACEBOOK_NOT_CONNECTED', 400, message);

/**
 * What the login shared: with Embedded Signup's code, the code traded for the client's business token
 * and the account the session names read with it; with a plain login's token, the token inspected.
 */
const sharedOf = async (
  ctx: SignupCtx,
  body: SubmitFacebookAccessTokenRequest,
  log: FastifyBaseLogger,
): Promise<{ shared: SharedWaba; businessToken: string | null }> => {
  const facebook = ctx.facebook!;
  try {
    if (body.code && body.session) {
      const businessToken = await facebook.exchange(body.code);
      return { shared: await facebook.account(businessToken, body.session), businessToken };
    }
    return { shared: await facebook.inspect(body.accessToken!), businessToken: null };
  } catch (error) {
    if (error instanceof InvalidAccessToken) throw notConnected(error.message);
    log.warn({ err: error }, 'Facebook could not be asked about a sign-up token');
    throw new AppError('PROVIDER_UNAVAILABLE', 502, signupTexts.somethingWrong);
  }
};

/**
 * POST /api/submit-facebook-access-token: what the client's Facebook login (Embedded Signup's code
 * and session, or a plain login's token) shared becomes the
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
  const { shared, businessToken } = await sharedOf(ctx, body, log);
  const missing = signupScopes.filter((s) => !shared.granted.includes(s));
  if (missing.length > 0) throw notConnected(`${signupTexts.grantAll} (${missing.join(', ')})`);
  const { waba, phone } = shared;
  if (!waba || !phone) throw notConnected(signupTexts.noWaba);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await connectSharedWaba(
      tx,
      project,
      { ...shared, waba, phone },
      {
        via: 'waba',
        businessTokenSealed: businessToken ? ctx.tokenBox.seal(businessToken) : undefined,
        register: body.session?.event === 'FINISH',
        now,
      },
    );
    await updateSignup(tx, signup, { facebookConnectedAt: signup.facebookConnectedAt ?? now });
  });
  return { success: phone.live };
};
