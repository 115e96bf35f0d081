import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { smsConfigRefusal, smsProviderOf } from './config.js';

/** SMS_PROVIDER chooses the gateway; a gateway without its settings stops the server at start. */
describe('the SMS gateway configuration', () => {
  it('keeps the old choice when SMS_PROVIDER is unset: the generic gateway with its URL, else the sandbox', () => {
    expect(smsProviderOf({})).toBe('sandbox');
    expect(smsProviderOf({ SMS_GATEWAY_URL: 'http://relay.internal/sms' })).toBe('gateway');
    expect(smsProviderOf({ SMS_PROVIDER: 'twilio', SMS_GATEWAY_URL: 'http://relay.internal/sms' })).toBe('twilio');
  });

  it('asks MSG91 for its key, the DLT header and both DLT ids', () => {
    expect(smsConfigRefusal({ SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', SMS_SENDER_ID: 'ACMEIN' })).toBe(
      'SMS_PROVIDER=msg91 needs MSG91_DLT_TEMPLATE_ID, MSG91_DLT_ENTITY_ID',
    );
  });

  it('asks Twilio for a sender: a From or a Messaging Service', () => {
    const twilio = { SMS_PROVIDER: 'twilio' as const, TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' };
    expect(smsConfigRefusal(twilio)).toBe('SMS_PROVIDER=twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID');
    expect(smsConfigRefusal({ ...twilio, TWILIO_FROM: '+15005550006' })).toBeNull();
  });

  it('is checked by readEnv, so a half-configured gateway does not start', () => {
    expect(() => readEnv({ SMS_PROVIDER: 'msg91' })).toThrow(/SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY/);
    expect(() => readEnv({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_ACCOUNT_SID/);
  });
});
