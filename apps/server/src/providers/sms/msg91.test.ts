import { afterEach, describe, expect, it } from 'vitest';
import { startFakeMsg91 } from './fake-msg91.js';
import { createMsg91Sms } from './msg91.js';
import { SmsError } from './sms-error.js';

/**
 * The MSG91 adapter against a fake of MSG91's Send SMS API written from its documentation
 * (fake-msg91.ts cites the pages): request shape with India's DLT ids, the authkey header, and
 * MSG91's error answers (HTTP 200 with type "error" included) in our words.
 */
const AUTH_KEY = 'msg91-auth-key';
let fake: Awaited<ReturnType<typeof startFakeMsg91>>;
afterEach(() => fake.close());

const sms = (over: Partial<Parameters<typeof createMsg91Sms>[0]> = {}) =>
  createMsg91Sms({
    baseUrl: fake.url,
    authKey: AUTH_KEY,
    sender: 'ACMEIN',
    dltTemplateId: '1207161234567890123',
    dltEntityId: '1201159876543210987',
    ...over,
  });

const failureOf = (promise: Promise<void>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof SmsError ? { failure: e.failure, code: e.code } : e),
  );

describe('the MSG91 SMS adapter', () => {
  it('posts the text with the DLT template and entity ids, the header and the authkey', async () => {
    fake = await startFakeMsg91(AUTH_KEY);
    await sms().send({ to: '919876512345', text: '1234 is your Acme verification code. It expires in 10 minutes.' });
    expect(fake.seen).toHaveLength(1);
    const [seen] = fake.seen;
    expect(seen).toMatchObject({ path: '/api/v2/sendsms', authkey: AUTH_KEY, contentType: 'application/json' });
    expect(seen!.body).toEqual({
      sender: 'ACMEIN',
      route: '4',
      country: '0',
      DLT_TE_ID: '1207161234567890123',
      PE_ID: '1201159876543210987',
      sms: [{ message: '1234 is your Acme verification code. It expires in 10 minutes.', to: ['919876512345'] }],
    });
  });

  it('reads an error answered with HTTP 200 as a failure: a wrong authkey (207) is refused', async () => {
    fake = await startFakeMsg91(AUTH_KEY);
    expect(await failureOf(sms({ authKey: 'wrong' }).send({ to: '919876512345', text: 'x' }))).toEqual({
      failure: 'refused',
      code: '207',
    });
  });

  it('reads 202 (invalid mobile number) as the number', async () => {
    fake = await startFakeMsg91(AUTH_KEY);
    expect(await failureOf(sms().send({ to: '91987', text: 'x' }))).toEqual({ failure: 'invalid-number', code: '202' });
  });

  it('reads an empty balance (301) as refused, and a 5xx or a page that is not JSON as unavailable', async () => {
    fake = await startFakeMsg91(AUTH_KEY);
    fake.failNext(200, { type: 'error', message: 'Insufficient balance', code: '301' });
    expect(await failureOf(sms().send({ to: '919876512345', text: 'x' }))).toEqual({ failure: 'refused', code: '301' });
    fake.failNext(502, 'Bad Gateway');
    expect(await failureOf(sms().send({ to: '919876512345', text: 'x' }))).toEqual({
      failure: 'unavailable',
      code: '502',
    });
  });
});
