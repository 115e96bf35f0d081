/** A text message to a mobile number: digits with the country code, no plus. */
export type Sms = { to: string; text: string };

/**
 * Text messages (the embedded sign-up's OTP): an HTTP SMS gateway when SMS_GATEWAY_URL is set,
 * otherwise the sandbox phone network kept in the database, where the sign-up page's sandbox phone
 * reads them (ARCHITECTURE rule 15).
 */
export type SmsProvider = {
  mode: 'sandbox' | 'gateway';
  /** Throws when the gateway refuses or does not answer: the caller says the OTP was not sent. */
  send: (sms: Sms) => Promise<void>;
};
