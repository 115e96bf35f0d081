import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupTexts, type SignupPageResponse } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';

/** The public sign-up page a partner's clients open. */
let t: TestContext;
let acme = '';
beforeAll(async () => {
  t = await startTestApp();
  acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
});
afterAll(() => t.close());

describe('the page', () => {
  it("shows the partner's brand with the sandbox login, and a clear refusal otherwise", async () => {
    const page = await call<SignupPageResponse>(t.app, 'GET', `/api/${acme}/embed/signup`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ facebook: { mode: 'sandbox' }, sandbox: true });
    const unknown = await call(t.app, 'GET', '/api/no-such-partner/embed/signup');
    expect(unknown).toMatchObject({ status: 404, body: { message: signupTexts.notFound } });
    for (const name of ['AdsWorks', 'Growth Referrals']) {
      const closed = await call(t.app, 'GET', `/api/${await findPartnerIdByName(t.database.db, name)}/embed/signup`);
      expect(closed).toMatchObject({ status: 403, body: { message: signupTexts.closed } });
    }
  });
});
