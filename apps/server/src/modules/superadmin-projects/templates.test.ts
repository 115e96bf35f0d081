import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateMessages, type MigrateTemplatesResponse, type StaffSyncTemplatesResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects, sandboxMetaTemplates, templates } from '../../platform/db/schema.js';
import { IN_USE_STATUSES } from '../templates/staff-queries.js';
import { STAFF_SYNC_GAP_MS } from '../templates/staff.js';
import { adminCall, auditOf, projectNamed } from './test-kit.js';

let t: TestContext;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, owner] = await Promise.all([signInAs(t.app, 'admin'), signInAs(t.app, 'owner')]);
});
afterAll(() => t.close());

const staffSync = (assistantId: unknown) =>
  adminCall<StaffSyncTemplatesResponse & { message: string }>(t, admin, 'POST', '/superadmin/sync-template-messages', {
    assistantId,
  });
const migrate = (assistantId: unknown) =>
  adminCall<MigrateTemplatesResponse & { message: string }>(t, admin, 'POST', '/superadmin/migrate-all-templates', {
    assistantId,
  });
const partnerSync = (assistantId: string) =>
  call(t.app, 'POST', '/partner/:partnerId/sync-templates', { token: owner, body: { assistantId } });
const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

describe('POST /superadmin/sync-template-messages', () => {
  it("runs the template sync now, not held by the partner's cool-down, one at a time, audited", async () => {
    t.clock.now = new Date();
    const p = await projectNamed(t, 'Sunrise Bakery');
    expect((await partnerSync(p.id)).status).toBe(200);
    later(60_000);
    // A minute after the partner's sync: the partner waits 5 minutes, staff do not.
    expect((await partnerSync(p.id)).status).toBe(429);
    const res = await staffSync(p.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: templateMessages.syncSuccessful,
      created: expect.any(Number),
      updated: expect.any(Number),
      lastSyncedAt: t.clock.now.toISOString(),
    });
    // One at a time: a sync that started moments ago holds the next.
    later(1_000);
    const again = await staffSync(p.id);
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'A template sync of this project is running: try again in a moment.' },
    });
    later(STAFF_SYNC_GAP_MS);
    expect((await staffSync(p.id)).status).toBe(200);
    const audit = (await auditOf(t, p.id)).filter((a) => a.action === 'project.sync-templates');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      partnerId: p.partnerId,
      after: { created: res.body.created, updated: res.body.updated },
    });
  });

  it('refuses a project that is not live or is archived, and an unknown one', async () => {
    const draft = await projectNamed(t, 'Nimbus Travel');
    expect(await staffSync(draft.id)).toMatchObject({ status: 400, body: { message: templateMessages.wabaNotLive } });
    const old = await projectNamed(t, 'Old Market');
    expect(await staffSync(old.id)).toMatchObject({ status: 400, body: { message: 'Project is archived' } });
    expect((await staffSync('nope')).status).toBe(404);
    expect((await staffSync('')).status).toBe(400);
    expect((await auditOf(t, draft.id)).length + (await auditOf(t, old.id)).length).toBe(0);
  });
});

describe('POST /superadmin/migrate-all-templates', () => {
  it("submits again, to the project's new account, every template in use that the account lacks", async () => {
    const p = await projectNamed(t, 'Metro Clinics');
    const inUse = () =>
      t.database.db
        .select()
        .from(templates)
        .where(and(eq(templates.projectId, p.id), inArray(templates.status, [...IN_USE_STATUSES])));
    const before = await inUse();
    expect(before.length).toBeGreaterThan(0);
    // Still on its account, which holds them all: nothing to submit.
    expect((await migrate(p.id)).body).toEqual({
      message: '0 templates submitted to the provider',
      submitted: 0,
      refused: [],
    });

    // The number moves to a new WhatsApp Business Account (v2 to v3), which has none of them yet;
    // one of their names was deleted there a moment ago, so the provider refuses it for 30 days.
    const newWaba = 'waba-moved-0001';
    await t.database.db.update(projects).set({ wabaAppId: newWaba }).where(eq(projects.id, p.id));
    const blocked = before[0]!;
    await t.database.db.insert(sandboxMetaTemplates).values({
      id: '555000000000001',
      wabaId: newWaba,
      name: blocked.name,
      language: blocked.language,
      category: blocked.category,
      components: [],
      status: 'DELETED',
      createdAt: t.clock.now,
      updatedAt: t.clock.now,
    });
    const res = await migrate(p.id);
    expect(res.status).toBe(200);
    expect(res.body.submitted).toBe(before.length - 1);
    expect(res.body.message).toBe(
      `${before.length - 1} template${before.length - 1 === 1 ? '' : 's'} submitted to the provider`,
    );
    expect(res.body.refused).toEqual([{ name: blocked.name, language: blocked.language, reason: expect.any(String) }]);

    const held = await t.database.db
      .select()
      .from(sandboxMetaTemplates)
      .where(eq(sandboxMetaTemplates.wabaId, newWaba));
    const after = await inUse();
    for (const row of after.filter((r) => r.id !== blocked.id)) {
      const theirs = held.find((h) => h.id === row.providerTemplateId);
      expect(theirs, row.name).toMatchObject({ name: row.name, language: row.language, status: 'PENDING' });
      expect(row.status).toBe('PENDING');
      expect(row.submittedAt).toEqual(t.clock.now);
    }
    // The refused one is left as it was.
    expect(after.find((r) => r.id === blocked.id)).toEqual(blocked);
    const audit = (await auditOf(t, p.id)).filter((a) => a.action === 'project.migrate-templates');
    expect(audit.at(-1)!.after).toMatchObject({
      submitted: expect.arrayContaining([expect.stringMatching(/\(\w+\)$/)]),
      refused: [{ name: blocked.name }],
    });
    expect((audit.at(-1)!.after as { submitted: string[] }).submitted).toHaveLength(before.length - 1);

    // Run again: the account has them now.
    expect((await migrate(p.id)).body.submitted).toBe(0);
  });

  it('leaves rejected and draft templates alone', async () => {
    const p = await projectNamed(t, 'Sunrise Bakery');
    const others = await t.database.db
      .select()
      .from(templates)
      .where(and(eq(templates.projectId, p.id), inArray(templates.status, ['REJECTED', 'DRAFT'])));
    await t.database.db.update(projects).set({ wabaAppId: 'waba-moved-0002' }).where(eq(projects.id, p.id));
    expect((await migrate(p.id)).status).toBe(200);
    const now = await t.database.db
      .select()
      .from(templates)
      .where(
        inArray(
          templates.id,
          others.map((o) => o.id),
        ),
      );
    expect(now.sort((a, b) => a.id.localeCompare(b.id))).toEqual(others.sort((a, b) => a.id.localeCompare(b.id)));
  });

  it('refuses a project that is not live or is archived, and an unknown one', async () => {
    const draft = await projectNamed(t, 'Nimbus Travel');
    expect(await migrate(draft.id)).toMatchObject({ status: 400, body: { message: templateMessages.wabaNotLive } });
    const old = await projectNamed(t, 'Old Market');
    expect(await migrate(old.id)).toMatchObject({ status: 400, body: { message: 'Project is archived' } });
    expect((await migrate('nope')).status).toBe(404);
    expect((await migrate({})).status).toBe(400);
  });
});
