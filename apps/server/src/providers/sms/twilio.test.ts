import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTwilio } from './fake-twilio.js';
import { SmsError } from './sms-error.js';
import { createTwilioSms } from './twilio.js';

/**
 * The Twilio adapter against a fake of the Messages API written from Twilio's documentation
 * (fake-twilio.ts cites the pages): request shape, basic auth, and Twilio's errors in our words.
 */
const account = { sid: `AC${'a'.repeat(32)}`, token: 'twilio-auth-token' };
let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
afterEach(() => fake.close());

const sms = (over: Partial<Parameters<typeof createTwilioSms>[0]> = {}) =>
  createTwilioSms({
    baseUrl: fake.url,
    accountSid: account.sid,
    authToken: account.token,
    from: '+15005550006',
    ...over,
  });

const failureOf = (promise: Promise<void>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof SmsError ? { failure: e.failure, code: e.code } : e),
  );

describe('the Twilio SMS adapter', () => {
  it('posts To in E.164, Body and From, form-encoded, to the account’s Messages.json with basic auth', async () => {
    fake = await startFakeTwilio(account);
    await sms().send({ to: '919876512345', text: '1234 is your Acme verification code.' });
    expect(fake.seen).toHaveLength(1);
    const [seen] = fake.seen;
    expect(seen!.path).toBe(`/2010-04-01/Accounts/${account.sid}/Messages.json`);
    expect(seen!.contentType).toBe('application/x-www-form-urlencoded');
    expect(seen!.authorization).toBe(`Basic ${Buffer.from(`${account.sid}:${account.token}`).toString('base64')}`);
    expect(seen!.form).toEqual({
      To: '+919876512345',
      Body: '1234 is your Acme verification code.',
      From: '+15005550006',
    });
  });

  it('sends through a Messaging Service instead of a From when one is set', async () => {
    fake = await startFakeTwilio(account);
    const service = `MG${'b'.repeat(32)}`;
    await sms({ from: undefined, messagingServiceSid: service }).send({ to: '14155550100', text: 'x' });
    expect(fake.seen[0]!.form).toEqual({ To: '+14155550100', Body: 'x', MessagingServiceSid: service });
  });

  it('reads a wrong Auth Token (401, 20003) as refused', async () => {
    fake = await startFakeTwilio(account);
    expect(await failureOf(sms({ authToken: 'wrong' }).send({ to: '14155550100', text: 'x' }))).toEqual({
      failure: 'refused',
      code: '20003',
    });
  });

  it('reads 21211 (not a valid phone number) as the number, not the account', async () => {
    fake = await startFakeTwilio(account);
    fake.failNext(400, 21211, "The 'To' number +1415 is not a valid phone number.");
    expect(await failureOf(sms().send({ to: '1415', text: 'x' }))).toEqual({
      failure: 'invalid-number',
      code: '21211',
    });
  });

  it('reads a missing sender (21603) as refused: our configuration to fix', async () => {
    fake = await startFakeTwilio(account);
    expect(await failureOf(sms({ from: undefined }).send({ to: '14155550100', text: 'x' }))).toEqual({
      failure: 'refused',
      code: '21603',
    });
  });

  it('reads a rate limit (429, 20429) and a 5xx as the gateway being unavailable', async () => {
    fake = await startFakeTwilio(account);
    fake.failNext(429, 20429, 'Too Many Requests');
    expect(await failureOf(sms().send({ to: '14155550100', text: 'x' }))).toEqual({
      failure: 'unavailable',
      code: '20429',
    });
    fake.failNext(503, 20500, 'Internal Server Error');
    expect(await failureOf(sms().send({ to: '14155550100', text: 'x' }))).toEqual({
      failure: 'unavailable',
      code: '20500',
    });
  });

  it('reads no answer at all (the connection refused) as unavailable', async () => {
    fake = await startFakeTwilio(account);
    const adapter = sms();
    await fake.close();
    expect(await failureOf(adapter.send({ to: '14155550100', text: 'x' }))).toEqual({
      failure: 'unavailable',
      code: null,
    });
  });
});
