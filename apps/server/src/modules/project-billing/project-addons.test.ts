import { describe, expect, it } from 'vitest';
import { projectBillingTexts as texts, type AddonResponse } from '@pc/contract';
import { call } from '../../../test/harness.js';
import { insufficientCentralBalance } from '../billing/ledger.js';
import { INR, useBillingFixture } from './fixture.js';

/** A project's add-ons: activate, modify, remove (doc 3 sections 4, 5 and 7). */

const { fx, freshProject, poorPartner } = useBillingFixture();

describe('project add-ons', () => {
  const addon = (method: 'POST' | 'PATCH' | 'DELETE', projectId: string, body: unknown, token = fx.owner) =>
    call<AddonResponse>(fx.t.app, method, `/partner/:partnerId/project/${projectId}/addon`, { token, body });

  it("activate charges the partner's plan price (Tier1, plus Tier2 per further 10 flows) with the provider's beside it; modify charges added tiers and never lowers; remove pauses", async () => {
    const p = await freshProject();
    const central = await fx.kit.central(fx.acme);
    const on = await addon('POST', p.id, { addon: 'FLOW_BUILDER', flowCount: 5, partnerPlans: { plan: 'Monthly' } });
    expect(on.status).toBe(200);
    expect(on.body.addon).toEqual({
      name: 'FLOW_BUILDER',
      status: 'ACTIVE',
      flowCount: 5,
      partnerPlans: { plan: 'Monthly' },
    });
    expect(await fx.kit.central(fx.acme)).toBe(central - 499 * INR);
    expect((await fx.kit.logs(fx.acme)).at(-1)).toMatchObject({
      reasonCode: 'ADDON_PURCHASE',
      amount: 499 * INR,
      providerAmount: 399 * INR,
    });

    const up = await addon('PATCH', p.id, { addon: 'FLOW_BUILDER', flowCount: 25 });
    expect(up.body.addon.flowCount).toBe(25);
    // Acme's Tier2 (each further 10 flows) is 799 a month: two more tiers.
    expect(await fx.kit.central(fx.acme)).toBe(central - 499 * INR - 2 * 799 * INR);
    const down = await addon('PATCH', p.id, { addon: 'FLOW_BUILDER', flowCount: 15 });
    expect(down).toMatchObject({ status: 400, body: { message: texts.flowCountDecrease } });
    expect((await fx.kit.projectById(p.id)).addons.FLOW_BUILDER?.flowCount).toBe(25);

    const off = await addon('DELETE', p.id, { addon: 'FLOW_BUILDER' });
    expect(off.body.addon.status).toBe('PAUSED');
    expect(await fx.kit.central(fx.acme)).toBe(central - 499 * INR - 2 * 799 * INR);
    expect((await addon('DELETE', p.id, { addon: 'FLOW_BUILDER' })).body.message).toBe(texts.addonNotActive);
  });

  it('refuses an add-on the partner does not offer (404), a second activation, and a short balance', async () => {
    const p = await freshProject();
    expect((await addon('POST', p.id, { addon: 'TELEPORT' })).status).toBe(404);
    expect((await addon('POST', p.id, { addon: 'WEBHOOKS' })).status).toBe(200);
    expect((await addon('POST', p.id, { addon: 'WEBHOOKS' })).body.message).toBe(texts.addonAlreadyActive);
    expect((await addon('PATCH', p.id, { addon: 'FLOW_BUILDER', flowCount: 15 })).body.message).toBe(
      texts.addonNotActive,
    );
    expect((await addon('POST', p.id, { addon: 'FLOW_BUILDER', flowCount: 0 })).body.message).toBe(
      texts.invalidFlowCount,
    );

    const poor = await poorPartner(400 * INR);
    const res = await addon('POST', poor.project.id, { addon: 'FLOW_BUILDER' }, poor.token);
    expect(res).toMatchObject({ status: 400, body: { message: insufficientCentralBalance } });
    expect((await fx.kit.projectById(poor.project.id)).addons).toEqual({});
  });
});
