import { describe, expect, it } from 'vitest';
import { partnerStatusTexts, projectBillingTexts as texts } from '@pc/contract';
import { call, signInAs } from '../../../test/harness.js';
import { INR, useBillingFixture } from './fixture.js';

/** Deleting a project, its status (the partner's and the super-admin's) and its defaults (doc 2 section 7.3). */

const { fx, billing, patch, freshProject } = useBillingFixture();

describe('delete project, change status, defaults', () => {
  it('delete marks the project archived and keeps it; afterwards it is unknown (404)', async () => {
    const p = await freshProject();
    await patch(billing(p.id, 'wcc'), { amount: 5 * INR, action: 'ADD' });
    const res = await call(fx.t.app, 'POST', `/api/delete-project/${p.id}`, { token: fx.owner });
    expect(res).toMatchObject({ status: 200, body: { status: '#28C153' } });
    expect(await fx.kit.projectById(p.id)).toMatchObject({
      partnerArchived: true,
      status: 'archived',
      templateCredit: 5 * INR,
    });
    expect((await call(fx.t.app, 'POST', `/api/delete-project/${p.id}`, { token: fx.owner })).status).toBe(404);
    expect((await call(fx.t.app, 'POST', `/api/delete-project/${p.id}`, { token: fx.viewer })).status).toBe(403);
  });

  const setStatus = (assistantId: string, status: string, token = fx.owner) =>
    call(fx.t.app, 'PUT', '/api/change-project-status', { token, body: { status, assistantId, partnerId: 'ignored' } });

  it('change-project-status cannot make a stopped project active without the reactivation charge', async () => {
    const p = await freshProject();
    expect(await setStatus(p.id, 'stopped')).toMatchObject({ status: 200, body: { message: 'Successfully Updated' } });
    // Stopped by a status change is stopped as by Stop Billing.
    expect(await fx.kit.projectById(p.id)).toMatchObject({ status: 'stopped', planStoppedOn: expect.any(Date) });
    const central = await fx.kit.central(fx.acme);
    const logs = await fx.kit.logCount(fx.acme);
    for (const status of ['active', 'pending']) {
      const res = await setStatus(p.id, status);
      expect(res).toMatchObject({ status: 400, body: { message: partnerStatusTexts.reactivateInstead } });
    }
    expect(await fx.kit.projectById(p.id)).toMatchObject({ status: 'stopped', planStoppedOn: expect.any(Date) });
    expect(await fx.kit.central(fx.acme)).toBe(central);
    expect(await fx.kit.logCount(fx.acme)).toBe(logs);
    // Reactivate is the way back, and it charges.
    const res = await patch(billing(p.id, 'reactivate-project'), {
      familyId: fx.standard.id,
      defaultPlan: 'BASIC_MONTHLY',
    });
    expect(res.status).toBe(200);
    expect(await fx.kit.central(fx.acme)).toBe(central - fx.standard.plans.BASIC_MONTHLY!.INR);
    expect((await fx.kit.projectById(p.id)).status).toBe('active');
  });

  it("the platform's statuses are not the partner's to set or clear; active and pending swap freely", async () => {
    const p = await freshProject();
    expect((await setStatus(p.id, 'pending')).status).toBe(200);
    expect((await setStatus(p.id, 'active')).status).toBe(200);
    for (const status of ['unpaid', 'suspended', 'terminated']) {
      expect((await setStatus(p.id, status)).body.message).toBe(partnerStatusTexts.platformStatus);
    }
    const suspended = await freshProject({ status: 'suspended' });
    expect((await setStatus(suspended.id, 'active')).body.message).toBe(partnerStatusTexts.platformStatus);
    expect((await fx.kit.projectById(suspended.id)).status).toBe('suspended');
    expect((await setStatus(p.id, 'gone')).status).toBe(400);
    expect((await setStatus('nope', 'active')).status).toBe(404);
  });

  it('the super-admin moves a project freely among all statuses, without charges', async () => {
    const admin = await signInAs(fx.t.app, 'admin');
    const p = await freshProject({ status: 'stopped', planStoppedOn: new Date() });
    const central = await fx.kit.central(fx.acme);
    const move = (status: string, token = admin) =>
      call(fx.t.app, 'PUT', `/superadmin/projects/${p.id}/status`, { token, body: { status } });
    for (const status of ['active', 'suspended', 'terminated', 'unpaid', 'archived', 'pending', 'stopped', 'active']) {
      expect((await move(status)).status, status).toBe(200);
      expect(await fx.kit.projectById(p.id)).toMatchObject({
        status,
        partnerArchived: status === 'archived',
        planStoppedOn: status === 'stopped' ? expect.any(Date) : null,
      });
    }
    expect(await fx.kit.central(fx.acme)).toBe(central);
    expect((await move('active', fx.owner)).status).toBe(403);
    expect(
      (await call(fx.t.app, 'PUT', '/superadmin/projects/nope/status', { token: admin, body: { status: 'active' } }))
        .status,
    ).toBe(404);
  });

  it('set-default-configs sets the country or the about text, one at a time', async () => {
    const p = await freshProject();
    const post = (body: unknown) => call(fx.t.app, 'POST', '/api/set-default-configs', { token: fx.owner, body });
    expect((await post({ assistantId: p.id, isoCode: 'AE' })).body).toEqual({ message: 'Updated successfully' });
    expect((await post({ assistantId: p.id, whatsAppAbout: 'Fresh bread daily' })).status).toBe(200);
    expect(await fx.kit.projectById(p.id)).toMatchObject({ isoCode: 'AE', whatsAppAbout: 'Fresh bread daily' });
    expect((await post({ assistantId: p.id, isoCode: 'india' })).body.message).toBe(texts.invalidCountry);
    expect((await post({ assistantId: p.id, whatsAppAbout: 'x'.repeat(140) })).body.message).toBe(texts.invalidAbout);
    expect((await post({ assistantId: p.id })).body.message).toBe(texts.oneDefault);
    expect((await post({ assistantId: 'nope', isoCode: 'IN' })).status).toBe(404);
  });
});
