import { callGateway, readJson, SmsError } from './sms-error.js';
import type { SmsProvider } from './sms.js';

export type TwilioOptions = {
  /** https://api.twilio.com, or a fake on loopback in the tests. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 or an alphanumeric sender id; or a Messaging Service instead. */
  from?: string;
  messagingServiceSid?: string;
  timeoutMs?: number;
};

/**
 * Error codes that say the number is wrong for SMS, not our account: 21211 (not a valid phone
 * number), 21614 (not a mobile number), 21612 (not reachable by SMS from this sender),
 * 21610 (the person unsubscribed). https://www.twilio.com/docs/api/errors
 */
const NUMBER_CODES = new Set([21211, 21610, 21612, 21614]);

/**
 * Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To` (E.164), `Body`, and
 * `From` or `MessagingServiceSid`, with the Account SID and Auth Token as HTTP basic auth. A 201
 * with the Message is taken; an error is `{ code, message, more_info, status }`
 * (https://www.twilio.com/docs/usage/twilios-response).
 */
export const createTwilioSms = (o: TwilioOptions): SmsProvider => ({
  mode: 'twilio',
  send: async ({ to, text }) => {
    const form = new URLSearchParams({ To: `+${to}`, Body: text });
    if (o.messagingServiceSid) form.set('MessagingServiceSid', o.messagingServiceSid);
    else if (o.from) form.set('From', o.from);
    const url = `${o.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(o.accountSid)}/Messages.json`;
    const res = await callGateway('twilio', url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${o.accountSid}:${o.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
    if (res.ok) {
      await res.body?.cancel();
      return;
    }
    const error = await readJson(res);
    const rawCode = error?.code;
    const code = typeof rawCode === 'number' ? rawCode : null;
    const rawMessage = error?.message;
    const message = typeof rawMessage === 'string' ? rawMessage : `Twilio answered ${res.status}`;
    // 429 is Twilio's rate limit (20429): the gateway is busy, not refusing us.
    const failure =
      res.status >= 500 || res.status === 429
        ? 'unavailable'
        : code !== null && NUMBER_CODES.has(code)
          ? 'invalid-number'
          : 'refused';
    throw new SmsError('twilio', failure, code === null ? String(res.status) : String(code), message);
  },
});
