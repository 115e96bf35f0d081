import { signupScopes, StartSignupRequest } from '@pc/contract';
import { pino } from 'pino';
import type { Env } from '../env.js';
import type { DbOrTx } from '../platform/db/open.js';
import { receiveAccountChange } from '../modules/account-events/receive.js';
import type { SignupCtx } from '../modules/embedded-signup/context.js';
import { submitFacebookAccessToken } from '../modules/embedded-signup/connect.js';
import { announcePartnerAdded } from '../modules/embedded-signup/sandbox-dialog.js';
import { createSignupTokens } from '../modules/embedded-signup/session.js';
import { startSignup } from '../modules/embedded-signup/start.js';
import { sandboxDigits, type SandboxFacebookLogin } from '../providers/meta/facebook/sandbox-login.js';
import { createSandboxSignup } from '../providers/meta/signup/sandbox.js';
import type { SecretBox } from '../modules/webhooks/secret.js';

const HOUR = 3_600_000;

/**
 * The demo's client who signed up end to end (docs/demo-data.md): Lotus Dental found Acme's public
 * sign-up page a day ago and connected WhatsApp through the sandbox's Embedded Signup, through the
 * product's own use cases: the sign-up (its business and project, on Acme's defaults, with the trial
 * credit), the sandbox login's code and session, Meta's account_update PARTNER_ADDED as the flow
 * finished, then the code traded for the business token (sealed) and the account connected. Its
 * number was verified but not yet registered (108, the sandbox's "not registered" number), so
 * Meta's onboarding calls are queued: when the console starts, the jobs runner subscribes the app
 * and registers the number, and the project is live. Mobile verification and the test message are
 * the client's next steps. Sandbox only (the seed is given the sandbox's login).
 */
export const seedDemoSignup = async (
  tx: DbOrTx,
  o: { now: Date; acmeId: string; facebook: { login: SandboxFacebookLogin; seal: SecretBox['seal'] } },
) => {
  const at = new Date(o.now.getTime() - 26 * HOUR);
  const facebook = createSandboxSignup(o.facebook.login);
  const ctx = {
    db: tx,
    now: () => at,
    env: { SIGNUPS_PER_PARTNER_PER_HOUR: 30 } as Env,
    facebook,
    facebookSandbox: facebook,
    sessions: createSignupTokens(sandboxDigits(`demo-signup:${o.now.getTime()}`, 32), () => at),
    tokenBox: { seal: o.facebook.seal },
  } as unknown as SignupCtx;

  const started = await startSignup(
    ctx,
    o.acmeId,
    StartSignupRequest.parse({
      signupId: '3d1f6a52-8c1e-4b8e-9f7a-5b2c1d0e9a44',
      name: 'Meera Iyer',
      email: 'meera@lotusdental.example',
      dialCode: '+91',
      mobile: '9845012345',
      companyName: 'Lotus Dental',
      termsAccepted: true,
    }),
  );
  const login = {
    scopes: [...signupScopes],
    userName: 'Meera Iyer',
    businessName: 'Lotus Dental',
    phoneNumber: '919845011108',
    displayName: 'Lotus Dental',
  };
  const session = facebook.session(login)!;
  await announcePartnerAdded(
    (d) => receiveAccountChange({ db: tx, now: () => at }, d),
    session,
    Math.floor(at.getTime() / 1000) - 5,
  );
  await submitFacebookAccessToken(
    ctx,
    started.signupToken,
    { assistantId: started.assistantId, code: await facebook.issueCode(login), session },
    pino({ level: 'silent' }),
  );
};
