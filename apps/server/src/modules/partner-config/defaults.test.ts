import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Partner, PlanFamiliesResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';
import { makeBusiness } from '../../seed/businesses.js';

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const setDefault = (body: unknown, token = owner) =>
  call<{ message: string }>(t.app, 'POST', '/api/set-default-configs', { token, body });
const partner = async () =>
  (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: owner, body: {} })).body.data;

describe('the partner’s defaults (POST /api/set-default-configs without a project)', () => {
  it('are set one at a time and new projects start with them', async () => {
    expect((await setDefault({ isoCode: 'AE' })).body.message).toBe('Updated successfully');
    expect((await setDefault({ whatsAppAbout: '  Talk to us on WhatsApp  ' })).status).toBe(200);
    const acme = await partner();
    expect(acme).toMatchObject({ isoCode: 'AE', whatsAppAbout: 'Talk to us on WhatsApp' });

    const business = await makeBusiness(t.deps.db, { partnerId: acme.id, displayName: 'Defaults Test Co' });
    const family = (await call<PlanFamiliesResponse>(t.app, 'GET', '/api/get-partner-plan-families', { token: owner }))
      .body.planFamily[0]!;
    const res = await call<{ project: { _id: string } }>(
      t.app,
      'POST',
      `/partner/:partnerId/business/${business.id}/project`,
      { token: owner, body: { name: 'Starts With Defaults', planFamilyId: family._id, planName: 'BASIC_MONTHLY' } },
    );
    expect(res.status).toBe(200);
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, res.body.project._id));
    expect(row).toMatchObject({ isoCode: 'AE', whatsAppAbout: 'Talk to us on WhatsApp' });
  });

  it('refuse a bad country, two at once, and a role without manage write', async () => {
    expect((await setDefault({ isoCode: 'uae' })).status).toBe(400);
    expect((await setDefault({ isoCode: 'IN', whatsAppAbout: 'x' })).status).toBe(400);
    expect((await setDefault({ isoCode: 'IN' }, await signInAs(t.app, 'agent'))).status).toBe(403);
    expect((await partner()).isoCode).toBe('AE');
  });
});
