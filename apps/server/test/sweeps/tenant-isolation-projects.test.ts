import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProjectDetail } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';
import { businesses, projects } from '../../src/platform/db/schema.js';
import { makePng, multipart } from '../../src/modules/projects/test-files.js';

/**
 * The project detail page's tenant floor: the DIRECT owner, acting on Acme's projects and
 * businesses by their ids, gets 404 and changes nothing; ids inside payloads (the target business
 * of a migration, an uploaded file's path) must belong to the caller's partner.
 */
let t: TestContext;
let acmeOwner: string;
let directOwner: string;
let acmeProjects: { id: string; name: string; businessId: string }[];
let acmeBusinessIds: string[];
let directProject: string;
let directBusiness: string;

const acmeState = async () => {
  const out: ProjectDetail[] = [];
  for (const p of acmeProjects)
    out.push((await call<ProjectDetail[]>(t.app, 'GET', `/api/get-project/${p.id}`, { token: acmeOwner })).body[0]!);
  return out;
};
let before: ProjectDetail[];

beforeAll(async () => {
  t = await startTestApp();
  [acmeOwner, directOwner] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'direct')]);
  const all = await t.database.db
    .select({ id: projects.id, name: projects.name, businessId: projects.businessId, partnerId: projects.partnerId })
    .from(projects);
  const acmeId = all.find((p) => p.name === 'Metro Reminders')!.partnerId;
  acmeProjects = all.filter((p) => p.partnerId === acmeId);
  acmeBusinessIds = (
    await t.database.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.partnerId, acmeId))
  ).map((b) => b.id);
  const direct = all.find((p) => p.name === 'Corner Store')!;
  directProject = direct.id;
  directBusiness = direct.businessId;
  before = await acmeState();
});
afterAll(() => t.close());

const asDirect = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(t.app, method, url, { token: directOwner, body });

describe("the DIRECT owner on Acme's projects", () => {
  it('reads nothing: 404', async () => {
    for (const p of acmeProjects) {
      expect((await asDirect('GET', `/api/get-project/${p.id}`)).status, p.name).toBe(404);
      expect((await asDirect('GET', `/api/get-phone-details/${p.id}`)).status).toBe(404);
      expect((await asDirect('GET', `/api/direct-api-partner/profile/${p.id}`)).status).toBe(404);
    }
    for (const id of acmeBusinessIds)
      expect((await asDirect('GET', `/api/get-business-details/${id}`)).status).toBe(404);
  });

  it("cannot read the business manager of Acme's projects", async () => {
    const fb = before.find((p) => p.fbBusinessId)?.fbBusinessId ?? '123';
    expect((await asDirect('GET', `/partner/fetch-fbm-meta-info?fbBusinessId=${fb}`)).status).toBe(404);
  });

  it('changes nothing: rename, agent size, migrate, sync, links, profile, upload, KYC all 404', async () => {
    for (const p of acmeProjects) {
      const acmePartner = before[0]!.partnerId;
      expect((await asDirect('PATCH', `/partner/${acmePartner}/project/${p.id}`, { name: 'Taken' })).status).toBe(404);
      expect(
        (await asDirect('PATCH', '/api/update-project-agent-size', { projectId: p.id, agentSize: 7 })).status,
      ).toBe(404);
      expect(
        (await asDirect('PATCH', `/partner/${acmePartner}/project/${p.id}/migrate`, { businessId: directBusiness }))
          .status,
      ).toBe(404);
      expect(
        (await asDirect('POST', `/partner/${acmePartner}/sync-channel-status`, { assistantId: p.id })).status,
      ).toBe(404);
      for (const url of [
        '/api/generate-waba-link/',
        '/api/generate-connect-ads-link?version=v2',
        '/api/generate-waba-migration-link/',
        '/api/generate-connect-catalog-link/',
      ]) {
        expect((await asDirect('POST', url, { assistantId: p.id, partnerId: acmePartner })).status, url).toBe(404);
      }
      expect(
        (
          await asDirect('POST', `/project/${p.id}/get-upload-url`, {
            fileName: 'a.png',
            contentType: 'image/png',
            fileType: 'IMAGE',
          })
        ).status,
      ).toBe(404);
      expect((await asDirect('POST', `/project/${p.id}/update-business-profile`, { address: 'x' })).status).toBe(404);
      expect((await asDirect('PATCH', '/api/direct-api-partner/profile', { projectId: p.id, about: 'x' })).status).toBe(
        404,
      );
      const form = multipart(
        { gstNumber: '27AAPFU0939F1ZV', assistantId: p.id, fileName: 'a.png' },
        { name: 'a.png', type: 'image/png', bytes: makePng(4, 4) },
      );
      const kyc = await t.app.inject({
        method: 'POST',
        url: '/partner/submit-kyc',
        payload: form.payload,
        headers: { authorization: `Bearer ${directOwner}`, 'content-type': form.contentType },
      });
      expect(kyc.statusCode).toBe(404);
    }
  });

  it("cannot migrate its own project into one of Acme's businesses: 404", async () => {
    // Direct has no migration flag; give it one so the refusal can only come from the business check.
    const { partners } = await import('../../src/platform/db/schema.js');
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, directProject));
    await t.database.db
      .update(partners)
      .set({ flags: { migration: true } })
      .where(eq(partners.id, row!.partnerId));
    for (const id of acmeBusinessIds)
      expect(
        (await asDirect('PATCH', `/partner/:partnerId/project/${directProject}/migrate`, { businessId: id })).status,
      ).toBe(404);
    const [after] = await t.database.db.select().from(projects).where(eq(projects.id, directProject));
    expect(after!.businessId).toBe(directBusiness);
  });

  it("cannot set a picture from another partner's upload path", async () => {
    const up = await call<{ filePath: string }>(
      t.app,
      'POST',
      `/project/${acmeProjects.find((p) => p.name === 'Metro Clinics')!.id}/get-upload-url`,
      {
        token: acmeOwner,
        body: { fileName: 'a.png', contentType: 'image/png', fileType: 'IMAGE' },
      },
    );
    const res = await asDirect('POST', `/project/${directProject}/update-business-profile`, {
      wasImageChanged: true,
      filePath: up.body.filePath,
    });
    expect(res.status).toBe(400);
  });
});

describe('afterwards', () => {
  it("Acme's projects are exactly as they were", async () => {
    expect(await acmeState()).toEqual(before);
  });
});
