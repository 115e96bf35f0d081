import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanFamily } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { businessesFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let ads: string;
let referral: string;
let family: PlanFamily;
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, ads, referral, family } = await businessesFixture(t));
});
afterAll(() => t.close());

describe('plan catalogue reads', () => {
  it("give the partner's own families, and none to a referral user", async () => {
    expect(family.name).toMatch(/^Acme /);
    const names = (
      await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: owner })
    ).body.planFamily.map((f) => f.name);
    expect(names.sort()).toEqual(['Acme Premium', 'Acme Standard']);
    const adsNames = (
      await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: ads })
    ).body.planFamily.map((f) => f.name);
    expect(adsNames).toEqual(['AdsWorks Plans']);
    for (const url of [
      '/api/get-partner-plan-families',
      '/api/get-partner-wcc-plans',
      '/api/whatsapp-payments-plans',
    ]) {
      const body = (await call<Record<string, unknown[]>>(t.app, 'GET', url, { token: referral })).body;
      expect(Object.values(body)[0], url).toEqual([]);
    }
  });
});
