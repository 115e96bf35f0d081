import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_MARKER,
  type Business,
  type BusinessProjectsResponse,
  type CreateBusinessWithProjectResponse,
  type PlanFamily,
  type WccFamily,
} from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { businessesFixture, type BusinessesFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let direct: string;
let ads: string;
let family: PlanFamily;
let wcc: WccFamily;
let withPlans: BusinessesFixture['withPlans'];
let list: BusinessesFixture['list'];
let createFull: BusinessesFixture['createFull'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, direct, ads, family, wcc, withPlans, list, createFull } = await businessesFixture(t));
});
afterAll(() => t.close());

describe('a business', () => {
  let created: CreateBusinessWithProjectResponse;
  beforeAll(async () => {
    created = (await createFull(withPlans())).body;
  });
  const url = () => `/partner/:partnerId/business/${created.business.id}`;

  it('is read by id; a foreign or unknown id is 404', async () => {
    const res = await call<Business>(t.app, 'GET', url(), { token: owner });
    expect(res.body).toMatchObject({ display_name: created.business.display_name, password: false });
    expect((await call(t.app, 'GET', url(), { token: direct })).status).toBe(404);
    expect((await call(t.app, 'GET', '/partner/:partnerId/business/nope', { token: owner })).status).toBe(404);
  });

  it('is renamed (display name); the company name only with the company-name edit flag', async () => {
    const res = await call(t.app, 'PATCH', url(), { token: owner, body: { display_name: '  Renamed Co ' } });
    expect(res.body).toMatchObject({ message: 'Business updated successfully', display_name: 'Renamed Co' });
    expect((await call(t.app, 'PATCH', url(), { token: owner, body: { company: 'New Company' } })).status).toBe(200);
    expect((await call(t.app, 'PATCH', url(), { token: owner, body: { display_name: '   ' } })).status).toBe(400);
  });

  it('takes a second project on a plan; the name search finds it', async () => {
    const res = await call(t.app, 'POST', `${url()}/project`, {
      token: owner,
      body: { name: 'Second Project', planFamilyId: family._id, planName: 'PRO_MONTHLY', wccId: wcc._id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Successfully created',
      project: { assistantName: 'Second Project', activePlan: 'PRO_MONTHLY' },
    });
    const found = await call<BusinessProjectsResponse>(t.app, 'POST', '/api/business-projects', {
      token: owner,
      body: { name: 'second', clientId: created.business.id },
    });
    expect(found.body.projects.map((p) => p.assistantName)).toEqual(['Second Project']);
    expect(
      (
        await call<BusinessProjectsResponse>(t.app, 'POST', '/api/business-projects', {
          token: owner,
          body: { name: '', clientId: created.business.id },
        })
      ).body.totalprojects,
    ).toBe(2);
  });

  it('is deleted by archiving: email marked, projects partnerArchived, nothing lost; it cannot be opened afterwards', async () => {
    const res = await call(t.app, 'POST', `/api/delete-business/${created.business.id}`, { token: owner });
    expect(res.status).toBe(200);
    const archived = (await list({ filter: 'Archived' })).body.business.find((b) => b.id === created.business.id)!;
    expect(archived).toMatchObject({ businessArchived: true, email: `${ARCHIVE_MARKER}${created.business.email}` });
    expect((await call(t.app, 'GET', url(), { token: owner })).status).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `${url()}/project`, {
          token: owner,
          body: { name: 'Late', planFamilyId: family._id, planName: 'PRO_MONTHLY' },
        })
      ).status,
    ).toBe(400);
    // The email is free again for a new business.
    expect((await createFull(withPlans({ email: created.business.email }))).status).toBe(200);
    // Deleting twice changes nothing more.
    expect((await call(t.app, 'POST', `/api/delete-business/${created.business.id}`, { token: owner })).status).toBe(
      200,
    );
    expect((await list({ filter: 'Archived' })).body.business.find((b) => b.id === created.business.id)!.email).toBe(
      `${ARCHIVE_MARKER}${created.business.email}`,
    );
  });

  it('ADS_WHITELABEL partners cannot delete', async () => {
    const adsBusiness = (await list({ filter: 'All' }, ads)).body.business[0]!;
    expect((await call(t.app, 'POST', `/api/delete-business/${adsBusiness.id}`, { token: ads })).status).toBe(403);
  });
});
