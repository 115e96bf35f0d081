import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectMessages, type OnboardingState } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { partnerBalances, partners } from '../../platform/db/schema.js';
import { followSandboxLink } from '../meta-links/test-flow.js';
import { projectsFixture, type ProjectsFixture } from './test-fixture.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

let t: TestContext;
let owner: string;
let ids: ProjectsFixture['ids'];
let getProject: ProjectsFixture['getProject'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, ids, getProject } = await projectsFixture(t));
});
afterAll(() => t.close());

describe('links', () => {
  const kinds = [
    ['/api/generate-waba-link/', 'whatsapp_business_management'],
    ['/api/generate-connect-ads-link?version=v2', 'ads_management'],
    ['/api/generate-waba-migration-link/', 'whatsapp_business_management'],
    ['/api/generate-connect-catalog-link/', 'catalog_management'],
  ] as const;

  it("each answers the sandbox's Facebook login dialog, back to the link callback", async () => {
    for (const [url, scope] of kinds) {
      const res = await call<{ link: string }>(t.app, 'POST', url, {
        token: owner,
        body: { assistantId: ids['Nimbus Travel'], partnerId: 'ignored' },
      });
      expect(res.status, url).toBe(200);
      const link = new URL(res.body.link);
      expect(link.pathname).toBe('/sandbox/facebook/dialog/oauth');
      expect(link.searchParams.get('scope')).toContain(scope);
      expect(new URL(link.searchParams.get('redirect_uri')!).pathname).toBe('/platform/meta/link-callback');
      const html = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(html.statusCode).toBe(200);
    }
  });

  it('completing the embedded signup link makes the project live', async () => {
    const { body } = await call<{ link: string }>(t.app, 'POST', '/api/generate-waba-link/', {
      token: owner,
      body: { assistantId: ids['Nimbus Travel'] },
    });
    const done = await followSandboxLink(t.app, body.link, {
      businessName: 'Nimbus Holidays',
      phoneNumber: '919812345678',
      displayName: 'Nimbus',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your WhatsApp number is connected.');
    const p = await getProject(ids['Nimbus Travel']!);
    expect(p).toMatchObject({
      isWhatsappVerified: true,
      whatsappNumber: '919812345678',
      wabaProgressStep: 9,
      messagingLimit: 'TIER_250',
      qualityRating: 'GREEN',
      fbManagerVerified: true,
    });
    expect(p.wabaNumberId).toEqual(expect.any(String));
    expect(p.channelActivatedOn).toEqual(expect.any(String));
    // The demo's stalled Nimbus Travel (two-step PIN mismatch) has that error behind it now, and
    // its wizard's way back is the embedded sign-up.
    const onboarding = await call<OnboardingState>(t.app, 'GET', `/partner/:partnerId/onboarding/${p._id}`, {
      token: owner,
    });
    expect(onboarding.body).toMatchObject({ error: null, steps: ['register_pin', 'otp_verification'] });
    const info = await call(
      t.app,
      'GET',
      `/partner/fetch-fbm-meta-info?fbBusinessId=${p.fbBusinessId}&wabaId=${p.wabaNumberId}`,
      { token: owner },
    );
    expect(info.body).toMatchObject({ businessInfo: { id: p.fbBusinessId, verification_status: 'verified' } });
    const phone = await call(t.app, 'GET', `/api/get-phone-details/${ids['Nimbus Travel']}`, { token: owner });
    expect(phone.body).toMatchObject({ success: true, phoneDetails: { display_phone_number: '919812345678' } });
  });

  it('are refused under low central balance with "Low central balance!"', async () => {
    const [acme] = await t.database.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
    const central = await readCentralBalance(t.database.db, acme!.id);
    await t.database.db
      .update(partnerBalances)
      .set({ centralBalance: 0 })
      .where(eq(partnerBalances.partnerId, acme!.id));
    try {
      for (const [url] of kinds) {
        const res = await call(t.app, 'POST', url, { token: owner, body: { assistantId: ids['Nimbus Travel'] } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(projectMessages.lowCentralBalance);
      }
    } finally {
      await t.database.db
        .update(partnerBalances)
        .set({ centralBalance: central })
        .where(eq(partnerBalances.partnerId, acme!.id));
    }
  });
});

describe('channel status sync', () => {
  it('syncs once, then refuses a second call within 5 minutes; after them it syncs again', async () => {
    const url = '/partner/:partnerId/sync-channel-status';
    const first = await call(t.app, 'POST', url, { token: owner, body: { assistantId: ids['Metro Clinics'] } });
    expect(first.status).toBe(200);
    const second = await call(t.app, 'POST', url, { token: owner, body: { assistantId: ids['Metro Clinics'] } });
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(projectMessages.syncTooSoon);
    t.clock.now = new Date(t.clock.now.getTime() + 5 * 60 * 1000 + 1);
    expect((await call(t.app, 'POST', url, { token: owner, body: { assistantId: ids['Metro Clinics'] } })).status).toBe(
      200,
    );
  });
});
