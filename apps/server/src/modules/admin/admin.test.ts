import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminPartner, type Partner } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'owner')]);
});
afterAll(() => t.close());

const partners = async () =>
  (await call<{ partners: AdminPartner[] }>(t.app, 'GET', '/superadmin/partners', { token: admin })).body.partners;
const partnerNamed = async (name: string) => (await partners()).find((p) => p.name === name)!;
const setFlags = (id: string, flags: unknown, token = admin) =>
  call(t.app, 'PATCH', `/superadmin/partners/${id}/flags`, { token, body: { flags } });

describe('GET /superadmin/partners', () => {
  it('lists every partner with its type, currency and flags', async () => {
    const res = await call<{ partners: AdminPartner[] }>(t.app, 'GET', '/superadmin/partners', { token: admin });
    expect(res.status).toBe(200);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(res.body.partners.map(({ name, type, currency }) => ({ name, type, currency })).sort(byName)).toEqual(
      [
        { name: 'Acme Messaging', type: 'WHITELABEL', currency: 'INR' },
        { name: 'Direct Retail', type: 'DIRECT', currency: 'INR' },
        { name: 'AdsWorks', type: 'ADS_WHITELABEL', currency: 'USD' },
        { name: 'Growth Referrals', type: 'WHITELABEL', currency: 'INR' },
      ].sort(byName),
    );
    expect(res.body.partners.find((p) => p.name === 'Acme Messaging')!.flags).toMatchObject({
      kyc: true,
      bannerExempt: false,
    });
  });

  it('is for the super-admin only', async () => {
    expect((await call(t.app, 'GET', '/superadmin/partners', { token: owner })).status).toBe(403);
    expect((await call(t.app, 'GET', '/superadmin/partners', { token: await signInAs(t.app, 'agent') })).status).toBe(
      403,
    );
    expect((await call(t.app, 'GET', '/superadmin/partners')).status).toBe(401);
  });
});

describe('PATCH /superadmin/partners/:id/flags', () => {
  it('merges the flags sent into those already set, and the partner sees them', async () => {
    const direct = await partnerNamed('Direct Retail');
    expect(direct.flags).toEqual({});
    expect((await setFlags(direct.id, { kyc: true })).status).toBe(200);
    expect((await setFlags(direct.id, { metaAds: true })).status).toBe(200);
    expect((await partnerNamed('Direct Retail')).flags).toEqual({ kyc: true, metaAds: true });
    expect((await setFlags(direct.id, { kyc: false })).status).toBe(200);
    expect((await partnerNamed('Direct Retail')).flags).toEqual({ kyc: false, metaAds: true });

    const seen = await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', {
      token: await signInAs(t.app, 'direct'),
    });
    expect(seen.body.data.flags).toEqual({ kyc: false, metaAds: true });
  });

  it('loses no flag when several admins set different flags at once', async () => {
    const ads = await partnerNamed('AdsWorks');
    const names = ['kyc', 'metaAds', 'migration', 'adsLink', 'pwcLabel', 'titleEditIcon'] as const;
    const results = await Promise.all(names.map((name) => setFlags(ads.id, { [name]: true })));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 200));
    expect((await partnerNamed('AdsWorks')).flags).toEqual(Object.fromEntries(names.map((n) => [n, true])));
  });

  it('answers 404 for an unknown partner', async () => {
    const res = await setFlags('000000000000000000000000', { kyc: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('refuses an unknown flag or a non-boolean value and changes nothing', async () => {
    const ads = await partnerNamed('Growth Referrals');
    expect((await setFlags(ads.id, { noSuchFlag: true })).status).toBe(400);
    expect((await setFlags(ads.id, { kyc: 'yes' })).status).toBe(400);
    expect((await partnerNamed('Growth Referrals')).flags).toEqual(ads.flags);
  });

  it('is for the super-admin only, and a refused call changes nothing', async () => {
    const acme = await partnerNamed('Acme Messaging');
    expect((await setFlags(acme.id, { bannerExempt: true }, owner)).status).toBe(403);
    expect((await setFlags(acme.id, { bannerExempt: true }, '')).status).toBe(401);
    expect((await partnerNamed('Acme Messaging')).flags).toEqual(acme.flags);
  });
});
