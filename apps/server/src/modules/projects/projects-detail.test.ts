import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { projectsFixture, type ProjectsFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let ids: ProjectsFixture['ids'];
let businessId: ProjectsFixture['businessId'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, viewer, ids, businessId } = await projectsFixture(t));
});
afterAll(() => t.close());

describe('GET /api/get-project/{projectId}', () => {
  it('answers a list whose first item is the project, with its partner, credits and plans', async () => {
    const res = await call<ProjectDetail[]>(t.app, 'GET', `/api/get-project/${ids['Sunrise Bakery']}`, {
      token: viewer,
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const p = res.body[0]!;
    expect(p).toMatchObject({
      assistantName: 'Sunrise Bakery',
      businessName: 'Sunrise Bakery',
      isWhatsappVerified: true,
      templateCredit: 1500 * 100000,
      bvbpProcess: 3,
      activePlan: 'BASIC_MONTHLY',
    });
    expect(p.familyId).toEqual(expect.any(String));
    expect(p.partner).toMatchObject({
      type: 'WHITELABEL',
      currency: 'INR',
      flags: expect.objectContaining({ kyc: true, migration: true }),
    });
  });

  it("answers 404 for an unknown id and for another partner's project", async () => {
    expect((await call(t.app, 'GET', '/api/get-project/nope', { token: owner })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/get-project/${ids['Corner Store']}`, { token: owner })).status).toBe(404);
  });
});

describe('GET /api/get-business-details/{businessId}', () => {
  it('answers company, contact and email of an own business; 404 for a foreign one', async () => {
    const res = await call(t.app, 'GET', `/api/get-business-details/${await businessId('Metro Clinics')}`, {
      token: owner,
    });
    expect(res.body).toMatchObject({
      company: 'Metro Health LLP',
      email: 'metro.clinics@client.example',
      contact: expect.any(String),
    });
    expect(
      (await call(t.app, 'GET', `/api/get-business-details/${await businessId('Corner Store')}`, { token: owner }))
        .status,
    ).toBe(404);
  });
});
