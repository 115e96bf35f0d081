import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colorTexts, type Partner, type ProfileColorResponse, type TenantProfileResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const getColors = (token = owner) =>
  call<ProfileColorResponse & { message?: string }>(t.app, 'GET', '/api/get-profile-color', { token });
const setColors = (colorObj: unknown, token = owner) =>
  call<{ message: string }>(t.app, 'POST', '/api/update-profile-color', { token, body: { colorObj } });

describe('profile colours', () => {
  it("say 'No profile color found' until saved", async () => {
    const res = await getColors();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ colorObj: null, message: colorTexts.notFound });
  });

  it('refuse what is not a # colour, changing nothing', async () => {
    for (const colorObj of [
      { primary: 'red', background: '#ffffff' },
      { primary: '0b6e4f', background: '#ffffff' },
      { primary: '#12345', background: '#ffffff' },
      { primary: '#0b6e4f' },
    ]) {
      const res = await setColors(colorObj);
      expect(res.status).toBe(400);
    }
    expect((await getColors()).body.colorObj).toBeNull();
  });

  it('are saved, read back, and carried by the profile and the tenant brand', async () => {
    const res = await setColors({ primary: '#7B1FA2', background: '#F3E5F5' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(colorTexts.updated);
    const colors = { primary: '#7b1fa2', background: '#f3e5f5' };
    expect((await getColors()).body.colorObj).toEqual(colors);
    const partner = (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: owner, body: {} })).body
      .data;
    expect(partner.profileColors).toEqual(colors);
    const tenant = await call<TenantProfileResponse>(t.app, 'POST', '/api/get-tenant-profile', {
      body: { tenantId: partner.id },
    });
    expect(tenant.body.data?.colors).toEqual(colors);
  });

  it('need manage write to change, manage read to see', async () => {
    const agent = await signInAs(t.app, 'agent');
    expect((await setColors({ primary: '#000000', background: '#ffffff' }, agent)).status).toBe(403);
    expect((await getColors()).body.colorObj?.primary).toBe('#7b1fa2');
    // Another partner's are its own (AdsWorks has none).
    expect((await getColors(await signInAs(t.app, 'ads'))).body).toEqual({
      colorObj: null,
      message: colorTexts.notFound,
    });
  });
});
