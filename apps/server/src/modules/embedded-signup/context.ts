import type { Deps } from '../../deps.js';
import type { SandboxSignup } from '../../providers/meta/signup/sandbox.js';
import type { MetaSignupProvider } from '../../providers/meta/signup/signup.js';
import type { SmsSetup } from '../../providers/sms/create.js';
import type { ProjectApiModule } from '../project-api/index.js';
import type { SecretBox } from '../webhooks/secret.js';
import type { SignupTokens } from './session.js';

/** What the embedded sign-up's use cases run with. */
export type SignupCtx = Deps & {
  /** Null when live Meta has no app id and secret: sign-up is closed. */
  facebook: MetaSignupProvider | null;
  facebookSandbox: SandboxSignup | null;
  sms: SmsSetup;
  /** The project API's send: the test message goes out, and is charged, as any API message. */
  deliver: ProjectApiModule['deliver'];
  sessions: SignupTokens;
  /** The server's key for the OTPs kept at rest (an HMAC of each, otp.ts). */
  otpSecret: string;
  /** Seals the client's business token (the code's exchange) at rest. */
  tokenBox: SecretBox;
};
