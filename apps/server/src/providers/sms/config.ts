/** The settings the SMS gateways read (a slice of Env, kept here so env.ts can check them). */
export type SmsEnv = {
  SMS_PROVIDER?: 'sandbox' | 'gateway' | 'msg91' | 'twilio';
  SMS_GATEWAY_URL?: string;
  SMS_SENDER_ID?: string;
  MSG91_AUTH_KEY?: string;
  MSG91_DLT_TEMPLATE_ID?: string;
  MSG91_DLT_ENTITY_ID?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_MESSAGING_SERVICE_SID?: string;
};

/** SMS_PROVIDER, or as before it existed: the generic gateway when its URL is set, else the sandbox. */
export const smsProviderOf = (env: SmsEnv) => env.SMS_PROVIDER ?? (env.SMS_GATEWAY_URL ? 'gateway' : 'sandbox');

const missing = (env: SmsEnv, names: (keyof SmsEnv)[]) => names.filter((n) => !env[n]);

/**
 * Why the chosen gateway cannot send, or null: checked when the server starts, so a missing DLT
 * id shows in the deploy and not as every sign-up's OTP failing.
 */
export const smsConfigRefusal = (env: SmsEnv): string | null => {
  const provider = smsProviderOf(env);
  const need =
    provider === 'gateway'
      ? missing(env, ['SMS_GATEWAY_URL'])
      : provider === 'msg91'
        ? missing(env, ['MSG91_AUTH_KEY', 'SMS_SENDER_ID', 'MSG91_DLT_TEMPLATE_ID', 'MSG91_DLT_ENTITY_ID'])
        : provider === 'twilio'
          ? missing(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'])
          : [];
  if (need.length) return `SMS_PROVIDER=${provider} needs ${need.join(', ')}`;
  if (provider === 'twilio' && !env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID)
    return 'SMS_PROVIDER=twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID';
  return null;
};
