import type { Env } from '../../env.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { createGatewaySms } from './gateway.js';
import { createSandboxSms } from './sandbox.js';
import type { SmsProvider } from './sms.js';

export type SmsSetup = { sms: SmsProvider; sandbox: ReturnType<typeof createSandboxSms> | null };

/** The SMS gateway when one is configured; otherwise the sandbox phone network. */
export const createSms = (env: Env, db: DbOrTx, now: () => Date): SmsSetup => {
  if (env.SMS_GATEWAY_URL)
    return {
      sms: createGatewaySms({ url: env.SMS_GATEWAY_URL, token: env.SMS_GATEWAY_TOKEN, sender: env.SMS_SENDER_ID }),
      sandbox: null,
    };
  const sandbox = createSandboxSms(db, now);
  return { sms: sandbox, sandbox };
};
