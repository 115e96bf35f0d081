/** A text message to a mobile number: digits with the country code, no plus. */
export type Sms = { to: string; text: string };

/**
 * Text messages (the embedded sign-up's OTP): MSG91, Twilio or the generic HTTP gateway as
 * SMS_PROVIDER says (config.ts), otherwise the sandbox phone network kept in the database, where
 * the sign-up page's sandbox phone reads them (ARCHITECTURE rule 15).
 */
export type SmsProvider = {
  mode: 'sandbox' | 'gateway' | 'msg91' | 'twilio';
  /** Throws (an SmsError from a gateway) when it refuses or does not answer: the caller says the OTP was not sent. */
  send: (sms: Sms) => Promise<void>;
};
