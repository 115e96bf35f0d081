import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import { linkCallbackUrl } from '../../providers/meta/link-dialog.js';
import { createMetaSignup } from '../../providers/meta/signup/create.js';
import { createSms } from '../../providers/sms/create.js';
import { signingSecret } from '../../providers/storage/create.js';
import type { ProjectApiModule } from '../project-api/index.js';
import { secretBox } from '../webhooks/secret.js';
import type { SignupCtx } from './context.js';
import { signupRoutes } from './routes.js';
import { sandboxDialogRoutes, type AnnounceAccountChange } from './sandbox-dialog.js';
import { createSignupTokens } from './session.js';

export { ensureSignupSweepScheduled, sweepUnverifiedJobs } from './sweep-unverified.js';

/**
 * The public embedded sign-up (doc 3): a partner's new client signs up, connects Facebook, verifies
 * a mobile and sends a test message; the sandbox's Facebook login dialog with it.
 */
export const embeddedSignupModule = (
  deps: Deps,
  projectApi: Pick<ProjectApiModule, 'deliver'>,
  announce: AnnounceAccountChange,
): FastifyPluginAsync => {
  const { signup, sandbox } = createMetaSignup(deps.env, deps.now);
  const ctx: SignupCtx = {
    ...deps,
    facebook: signup,
    facebookSandbox: sandbox,
    sms: createSms(deps.env, deps.db, deps.now),
    deliver: projectApi.deliver,
    sessions: createSignupTokens(signingSecret(deps.env, 'embedded-signup'), deps.now),
    otpSecret: signingSecret(deps.env, 'embedded-signup-otp'),
    tokenBox: secretBox(deps.env, 'facebook-tokens'),
  };
  return async (app) => {
    await app.register(signupRoutes(ctx));
    await app.register(sandboxDialogRoutes(sandbox, linkCallbackUrl(deps.env.publicUrl), announce, deps.now));
  };
};
