import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDetailsTexts, configTexts, type Partner } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const save = (billingAddress: unknown, token = owner) =>
  call<{ message: string }>(t.app, 'POST', '/api/update-partner-billing-details', { token, body: { billingAddress } });
const saved = async () =>
  (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: owner, body: {} })).body.data
    .billingAddress;
const address = {
  firstName: ' Asha ',
  lastName: 'Rao',
  email: 'Billing@Acme.Example',
  phone: '9876543210',
  company: 'Acme Messaging Pvt Ltd',
  line1: '12 MG Road',
  city: 'Bengaluru',
  zip: '560001',
  country: 'India',
  stateCode: '29',
  gstin: '29abcde1234f1z5',
};

describe('POST /api/update-partner-billing-details', () => {
  it('saves the details cleaned: trimmed, email lowercased, GSTIN uppercased, country India', async () => {
    const res = await save(address);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(billingDetailsTexts.saved);
    expect(await saved()).toEqual({
      ...address,
      firstName: 'Asha',
      email: 'billing@acme.example',
      gstin: '29ABCDE1234F1Z5',
      line2: '',
    });
  });

  it("refuses each broken rule with the spec's words, changing nothing", async () => {
    const before = await saved();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...address, city: '  ' }, billingDetailsTexts.requiredMissing],
      [{ ...address, zip: '56001' }, billingDetailsTexts.invalidPostalCode],
      [{ ...address, zip: '56000a' }, billingDetailsTexts.invalidPostalCode],
      [{ ...address, phone: '+919876543210' }, billingDetailsTexts.invalidPhone],
      [{ ...address, gstin: '29ABCDE-1234F1Z' }, billingDetailsTexts.invalidGstin],
      [{ ...address, gstin: '29ABCDE1234F1Z5X' }, billingDetailsTexts.invalidGstin],
      [{ ...address, email: 'not-an-email' }, billingDetailsTexts.invalidEmail],
      [{ ...address, stateCode: '99' }, billingDetailsTexts.unknownState],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await save({ ...address, country: 'USA' })).status).toBe(400);
    expect(await saved()).toEqual(before);
  });

  it('needs manage write', async () => {
    expect((await save(address, await signInAs(t.app, 'agent'))).status).toBe(403);
  });

  it('is not for a DIRECT partner (no Configure Onboarding): 403, and nothing is saved', async () => {
    const direct = await signInAs(t.app, 'direct');
    const res = await save(address, direct);
    expect(res).toMatchObject({ status: 403, body: { message: configTexts.directHasNoConfig } });
    const profile = await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token: direct, body: {} });
    expect(profile.body.data.billingAddress).toBeNull();
  });
});
