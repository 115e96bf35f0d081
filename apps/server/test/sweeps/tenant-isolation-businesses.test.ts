import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AllBusinessListsResponse,
  Business,
  BusinessListsResponse,
  BusinessProjectsResponse,
  PlanFamily,
  WccFamily,
} from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../harness.js';
import { makePlanFamily } from '../../src/seed/catalogue.js';
import { makeAgent, makePartner } from '../../src/seed/factories.js';

/**
 * The DIRECT partner's owner acting on Acme's businesses by their ids, and naming Acme's plan
 * families inside payloads, finds nothing (404) and changes nothing; Acme's partner id in a path
 * is ignored.
 */
let t: TestContext;
let acmeOwner: string;
let directOwner: string;
let acmeBusinesses: Business[];
let acmeFamily: PlanFamily;
let acmeWcc: WccFamily;
let acmeId: string;

const acmeState = async () => {
  const list = (
    await call<BusinessListsResponse>(t.app, 'POST', '/api/business-lists', {
      token: acmeOwner,
      body: { filter: 'All', rowsPerPage: 100 },
    })
  ).body;
  const projects = await Promise.all(
    list.business
      .filter((b) => !b.businessArchived)
      .map(
        async (b) =>
          (
            await call<BusinessProjectsResponse>(t.app, 'POST', '/api/business-projects', {
              token: acmeOwner,
              body: { name: '', clientId: b.id },
            })
          ).body,
      ),
  );
  return { list, projects };
};
let before: Awaited<ReturnType<typeof acmeState>>;

beforeAll(async () => {
  t = await startTestApp();
  [acmeOwner, directOwner] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'direct')]);
  before = await acmeState();
  acmeBusinesses = before.list.business;
  acmeFamily = (
    await call<{ planFamily: PlanFamily[] }>(t.app, 'GET', '/api/get-partner-plan-families', { token: acmeOwner })
  ).body.planFamily[0]!;
  acmeWcc = (await call<{ wccPlan: WccFamily[] }>(t.app, 'GET', '/api/get-partner-wcc-plans', { token: acmeOwner }))
    .body.wccPlan[0]!;
  acmeId = (await call<{ data: { id: string } }>(t.app, 'POST', '/api/get-profile', { token: acmeOwner })).body.data.id;
});
afterAll(() => t.close());

const asDirect = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(t.app, method, url, { token: directOwner, body });
const today = () => new Date().toISOString().slice(0, 10);

describe("the DIRECT owner on Acme's businesses", () => {
  it('cannot read, rename, delete, reset, list projects of, add projects to or report on them: 404', async () => {
    for (const b of acmeBusinesses) {
      const attempts = [
        await asDirect('GET', `/partner/${acmeId}/business/${b.id}`),
        await asDirect('PATCH', `/partner/${acmeId}/business/${b.id}`, { display_name: 'Hijacked' }),
        await asDirect('POST', `/api/delete-business/${b.id}`),
        await asDirect('POST', '/api/reset-business-password', {
          clientId: b.id,
          password: 'Abcdefg1',
          confirmPassword: 'Abcdefg1',
        }),
        await asDirect('POST', '/api/business-projects', { name: '', clientId: b.id }),
        await asDirect('POST', `/partner/${acmeId}/business/${b.id}/project`, { name: 'Mole' }),
        await asDirect('POST', `/partner/${acmeId}/business/${b.id}/business-convo-report`, {
          startDate: '2024-01-01',
          endDate: today(),
        }),
        await asDirect('POST', `/partner/${acmeId}/partner-billing-report?clientId=${b.id}`, {
          startDate: '2024-01-01',
          endDate: today(),
        }),
      ];
      expect(
        attempts.map((r) => r.status),
        b.displayName,
      ).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    }
  });

  it("lists, counts and pickers give only Direct's businesses, with Acme's id in the path or partnerReferralId", async () => {
    const list = (await asDirect('POST', '/api/business-lists', { filter: 'All', partnerReferralId: acmeId }))
      .body as BusinessListsResponse;
    expect(list.business.map((b) => b.displayName).sort()).toEqual(['Bloom Florist', 'Corner Store']);
    const all = (await asDirect('GET', `/api/partner-referral-allbusiness-lists?partnerReferralId=${acmeId}`))
      .body as AllBusinessListsResponse;
    expect(all.business.map((b) => b.displayName).sort()).toEqual(['Bloom Florist', 'Corner Store']);
    expect(((await asDirect('POST', '/api/business-counts', {})).body as unknown as unknown[])[0]).toEqual({
      allCount: 2,
      archivedCount: 0,
    });
    const plans = (await asDirect('GET', '/api/get-partner-plan-families')).body as { planFamily: PlanFamily[] };
    expect(plans.planFamily).toEqual([]);
  });

  it("a business created with Acme's id in the path is a 404 and nothing; with the placeholder it is Direct's", async () => {
    const body = {
      email: 'mine@direct.example',
      display_name: 'Mine',
      company: 'Mine Co',
      contact: '919812345678',
      website: 'https://mine.example',
      companySize: '1 - 10',
      industry: 'Other',
      password: 'Abcdefg1',
    };
    expect((await asDirect('POST', `/partner/${acmeId}/business/create`, body)).status).toBe(404);
    expect(((await asDirect('POST', '/api/business-counts', {})).body as unknown as unknown[])[0]).toEqual({
      allCount: 2,
      archivedCount: 0,
    });
    const res = await asDirect('POST', '/partner/:partnerId/business/create', body);
    expect(res.status).toBe(200);
    expect(((await asDirect('POST', '/api/business-counts', {})).body as unknown as unknown[])[0]).toEqual({
      allCount: 3,
      archivedCount: 0,
    });
  });

  it("Acme's plan ids inside a payload are not found by another plan-choosing partner: 404, nothing created", async () => {
    const other = await makePartner(t.database.db, { name: 'Other Whitelabel' });
    const otherFamily = await makePlanFamily(t.database.db, other.id, 'Other Plans');
    await makeAgent(t.database.db, {
      partnerId: other.id,
      userName: 'otherowner',
      password: 'Other@1234',
      email: 'owner@other.example',
    });
    const token = await signIn(t.app, 'otherowner', 'Other@1234');
    const body = {
      email: 'x@other.example',
      display_name: 'X',
      contact: '919812345678',
      company: 'X',
      website: 'https://x.example',
      companySize: '1 - 10',
      industry: 'Other',
      newPlanId: 'BASIC_MONTHLY',
    };
    const asOther = (url: string, b: unknown) => call(t.app, 'POST', url, { token, body: b });
    expect(
      (await asOther('/partner/:partnerId/business/create', { ...body, newFamilyId: acmeFamily._id })).status,
    ).toBe(404);
    expect(
      (
        await asOther('/partner/:partnerId/business/create', {
          ...body,
          newFamilyId: otherFamily.id,
          wccPlan: acmeWcc._id,
        })
      ).status,
    ).toBe(404);
    const created = await call<{ business: Business }>(t.app, 'POST', '/partner/:partnerId/business/create', {
      token,
      body: { ...body, newFamilyId: otherFamily.id },
    });
    expect(created.status).toBe(200);
    const projectUrl = `/partner/:partnerId/business/${created.body.business.id}/project`;
    expect(
      (await asOther(projectUrl, { name: 'P', planFamilyId: acmeFamily._id, planName: 'BASIC_MONTHLY' })).status,
    ).toBe(404);
    expect(
      (
        await asOther(projectUrl, {
          name: 'P',
          planFamilyId: otherFamily.id,
          planName: 'BASIC_MONTHLY',
          wccId: acmeWcc._id,
        })
      ).status,
    ).toBe(404);
    const projects = await call<BusinessProjectsResponse>(t.app, 'POST', '/api/business-projects', {
      token,
      body: { name: '', clientId: created.body.business.id },
    });
    expect(projects.body.totalprojects).toBe(1);
  });
});

describe('afterwards', () => {
  it('Acme is exactly as it was', async () => {
    expect(await acmeState()).toEqual(before);
  });
});
