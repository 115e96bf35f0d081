import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Business } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { businessesFixture, type BusinessesFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let direct: string;
let list: BusinessesFixture['list'];
let lastEntry: BusinessesFixture['lastEntry'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, direct, list, lastEntry } = await businessesFixture(t));
});
afterAll(() => t.close());

describe('business password', () => {
  it('DIRECT sets it directly with the rule and the messages', async () => {
    const business = (await list({ filter: 'All' }, direct)).body.business.find(
      (b) => b.displayName === 'Bloom Florist',
    )!;
    const reset = (password: string, confirmPassword: string) =>
      call(t.app, 'POST', '/api/reset-business-password', {
        token: direct,
        body: { clientId: business.id, password, confirmPassword },
      });
    expect((await reset('', '')).body).toMatchObject({ message: 'Please enter password' });
    expect((await reset('Abcdefg1', 'Abcdefg2')).body).toMatchObject({ message: 'Your passwords donot match' });
    expect((await reset('abcdefgh', 'abcdefgh')).body).toMatchObject({
      message: 'Minimum eight characters, at least one letter, one number',
    });
    const ok = await reset('Abcdefg1', 'Abcdefg1');
    expect(ok.body).toMatchObject({ message: 'Password updated successfully' });
    // The activity log says it changed, never what it is (nor its hash).
    const entry = (await lastEntry(business.id))!;
    expect(entry).toMatchObject({
      action: 'business.password-reset',
      targetName: 'Bloom Florist',
      before: { secret: 'none' },
      after: { secret: 'rotated' },
    });
    expect(JSON.stringify(entry)).not.toMatch(/Abcdefg1|argon/);
    expect(
      (await call<Business>(t.app, 'GET', `/partner/:partnerId/business/${business.id}`, { token: direct })).body
        .password,
    ).toBe(true);
  });

  it('others get the setup mail; its link sets the business password', async () => {
    const business = (await list({ filter: 'All' })).body.business.find((b) => b.displayName === 'Metro Clinics')!;
    expect(business.password).toBe(false);
    expect(
      (
        await call(t.app, 'POST', '/api/reset-business-password', {
          token: owner,
          body: { clientId: business.id, password: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
        })
      ).status,
    ).toBe(403);
    const res = await call(t.app, 'POST', '/auth/send-password-reset-email', { body: { email: business.email } });
    expect(res.status).toBe(200);
    const mail = t.outbox.sent.at(-1)!;
    expect(mail.to).toBe(business.email);
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    expect(
      (await call(t.app, 'POST', '/auth/set-new-password', { body: { token, newPassword: 'Business@123' } })).status,
    ).toBe(200);
    expect(
      (await call<Business>(t.app, 'GET', `/partner/:partnerId/business/${business.id}`, { token: owner })).body
        .password,
    ).toBe(true);
  });
});
