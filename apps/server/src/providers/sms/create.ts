import type { Env } from '../../env.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { smsProviderOf } from './config.js';
import { createGatewaySms } from './gateway.js';
import { createMsg91Sms } from './msg91.js';
import { createSandboxSms } from './sandbox.js';
import type { SmsProvider } from './sms.js';
import { createTwilioSms } from './twilio.js';

export type SmsSetup = { sms: SmsProvider; sandbox: ReturnType<typeof createSandboxSms> | null };

/** The gateway SMS_PROVIDER names (readEnv has checked its settings); otherwise the sandbox phone network. */
export const createSms = (env: Env, db: DbOrTx, now: () => Date): SmsSetup => {
  switch (smsProviderOf(env)) {
    case 'gateway':
      return {
        sms: createGatewaySms({ url: env.SMS_GATEWAY_URL!, token: env.SMS_GATEWAY_TOKEN, sender: env.SMS_SENDER_ID }),
        sandbox: null,
      };
    case 'msg91':
      return {
        sms: createMsg91Sms({
          baseUrl: env.MSG91_URL,
          authKey: env.MSG91_AUTH_KEY!,
          sender: env.SMS_SENDER_ID!,
          dltTemplateId: env.MSG91_DLT_TEMPLATE_ID!,
          dltEntityId: env.MSG91_DLT_ENTITY_ID!,
        }),
        sandbox: null,
      };
    case 'twilio':
      return {
        sms: createTwilioSms({
          baseUrl: env.TWILIO_URL,
          accountSid: env.TWILIO_ACCOUNT_SID!,
          authToken: env.TWILIO_AUTH_TOKEN!,
          from: env.TWILIO_FROM,
          messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
        }),
        sandbox: null,
      };
    case 'sandbox': {
      const sandbox = createSandboxSms(db, now);
      return { sms: sandbox, sandbox };
    }
  }
};
