import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  formatMoney,
  OWNER_ROLE,
  templateMessages as m,
  type ErrorBody,
  type SyncTemplatesResponse,
  type Template,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { agents, jobs, projects, sandboxMetaTemplates, templates } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { createMetaTemplates } from '../../providers/meta/templates/create.js';
import { createStorage } from '../../providers/storage/create.js';
import { RECATEGORISED_MAIL_JOB } from './sync-queries.js';
import { syncTemplates } from './sync.js';
import { createTemplate, freeLiveProjectsOf, validInput, whoAmI } from './test-fixture.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

let t: TestContext;
let owner: string;
let viewer: string;
let direct: string;
let acmeId: string;
let directId: string;
/** Live projects of Acme (WHITELABEL) without templates: one per test, so cool-downs and Meta's copies stay apart. */
let freeProjects: string[] = [];
let used = 0;
const fresh = () => freeProjects[used++]!;

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer, direct] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'direct'),
  ]);
  acmeId = (await whoAmI(t, owner)).partnerId;
  directId = await findPartnerIdByName(t.database.db, 'Direct Retail');
  freeProjects = await freeLiveProjectsOf(t, acmeId);
  expect(freeProjects.length).toBeGreaterThanOrEqual(9);
});
afterAll(() => t.close());

const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const FIVE_MINUTES = 5 * 60_000;

const syncRaw = (projectId: string, token = owner, partnerId = ':partnerId') =>
  t.app.inject({
    method: 'POST',
    url: `/partner/${encodeURIComponent(partnerId)}/sync-templates`,
    headers: { authorization: `Bearer ${token}` },
    payload: { assistantId: projectId },
  });
const sync = (projectId: string, token = owner, partnerId = ':partnerId') =>
  call<SyncTemplatesResponse & ErrorBody>(t.app, 'POST', `/partner/${encodeURIComponent(partnerId)}/sync-templates`, {
    token,
    body: { assistantId: projectId },
  });

const stampOf = async (projectId: string) =>
  (await t.database.db.select({ at: projects.lastTemplateSyncAt }).from(projects).where(eq(projects.id, projectId)))[0]!
    .at;
const rowOf = async (id: string) => (await t.database.db.select().from(templates).where(eq(templates.id, id)))[0]!;
const rowsOf = (projectId: string) =>
  t.database.db.select().from(templates).where(eq(templates.projectId, projectId)).orderBy(asc(templates.id));
/** What Meta holds changed behind the console's back (no webhook), as a sync then finds it. */
const metaSays = (providerTemplateId: string, values: Partial<typeof sandboxMetaTemplates.$inferInsert>) =>
  t.database.db.update(sandboxMetaTemplates).set(values).where(eq(sandboxMetaTemplates.id, providerTemplateId));
const submit = async (projectId: string, over: Parameters<typeof validInput>[0] = {}) => {
  const res = await createTemplate(t, owner, projectId, validInput(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return rowOf(res.body.id);
};

describe('POST /partner/{partnerId}/sync-templates', () => {
  it("answers 'Sync-template successful' with the stamp and what changed, and stamps the project", async () => {
    const p = fresh();
    await submit(p, { name: 'in_sync' });
    const res = await sync(p, owner, acmeId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Sync-template successful',
      lastSyncedAt: t.clock.now.toISOString(),
      created: 0,
      updated: 0,
    });
    expect((await stampOf(p))?.toISOString()).toBe(t.clock.now.toISOString());
  });

  it("refuses another sync within 5 minutes with 429, the spec's message and Retry-After, and allows it after", async () => {
    const p = fresh();
    expect((await sync(p)).status).toBe(200);
    const stamped = await stampOf(p);
    later(60_000);
    const soon = await syncRaw(p);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ message: 'Please try to sync after few miniutes' });
    expect(soon.headers['retry-after']).toBe('240');
    later(FIVE_MINUTES - 60_000 - 1000);
    expect((await syncRaw(p)).headers['retry-after']).toBe('1');
    // The refusals did not move the stamp: the cool-down runs from the sync that happened.
    expect(await stampOf(p)).toEqual(stamped);
    later(1000);
    expect((await sync(p)).status).toBe(200);
  });

  it('lets exactly one of 8 syncs at once through; the others answer 429', async () => {
    const p = fresh();
    const results = await Promise.all(Array.from({ length: 8 }, () => sync(p)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    for (const r of results.filter((x) => x.status === 429)) expect(r.body.message).toBe(m.syncTooSoon);
  });

  it("answers 502 'Sync-template failed' when Meta fails, puts the stamp back and lets the user retry at once", async () => {
    const p = fresh();
    const sandbox = createMetaTemplates(t.deps.env, t.deps.db, t.deps.now);
    const down = { ...sandbox, list: () => Promise.reject(new MetaApiError(503, 2, undefined, 'Service unavailable')) };
    const ctx = {
      ...t.deps,
      storage: createStorage(t.deps.env),
      metaTemplates: down,
      reportStatuses: async () => {},
      reportInbound: async () => {},
      reportPreferences: async () => {},
      receiveAccount: async () => {},
    };
    // Never synced: the stamp goes back to none.
    await expect(syncTemplates(ctx, acmeId, p)).rejects.toMatchObject({ httpStatus: 502, message: m.syncFailed });
    expect(await stampOf(p)).toBeNull();
    // Synced before: the stamp goes back to that sync.
    expect((await sync(p)).status).toBe(200);
    const first = await stampOf(p);
    later(FIVE_MINUTES);
    await expect(syncTemplates(ctx, acmeId, p)).rejects.toMatchObject({ httpStatus: 502, message: m.syncFailed });
    expect(await stampOf(p)).toEqual(first);
    const retry = await sync(p);
    expect(retry.status).toBe(200);
    expect(retry.body.lastSyncedAt).toBe(t.clock.now.toISOString());
  });

  it("gives Meta's status and reason to our templates ('' for NONE), and a second sync changes nothing more", async () => {
    const p = fresh();
    const [a, b] = [await submit(p, { name: 'approved_one' }), await submit(p, { name: 'rejected_one' })];
    await metaSays(a.providerTemplateId!, { status: 'APPROVED', rejectedReason: 'NONE' });
    await metaSays(b.providerTemplateId!, { status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
    later(1000);
    expect((await sync(p)).body).toMatchObject({ created: 0, updated: 2 });
    expect(await rowOf(a.id)).toMatchObject({ status: 'APPROVED', rejectedReason: '', deletedAt: null });
    expect(await rowOf(b.id)).toMatchObject({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
    expect((await rowOf(a.id)).updatedAt).toEqual(t.clock.now);
    const before = await rowsOf(p);
    later(FIVE_MINUTES);
    expect((await sync(p)).body).toMatchObject({ created: 0, updated: 0 });
    expect(await rowsOf(p)).toEqual(before);
  });

  it('imports the templates Meta holds that the console does not, as the console stores them, by no one', async () => {
    const p = fresh();
    const meta = createMetaTemplates(t.deps.env, t.deps.db, t.deps.now);
    const body = { type: 'BODY' as const, text: 'Your table for {{1}} is booked for tonight at eight, see you soon.' };
    const made = await meta.create({
      wabaId: p,
      name: 'made_in_meta',
      language: 'en',
      category: 'UTILITY',
      components: [
        { ...body, example: { body_text: [['four']] } },
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
      ],
    });
    // One the console's rules refuse (Meta's upload handle is no URL): kept as Meta has it.
    await t.database.db.insert(sandboxMetaTemplates).values({
      id: '1300000000000001',
      wabaId: p,
      name: 'menu_card',
      language: 'en_US',
      category: 'MARKETING',
      components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvcG5n:ARb'] } }, body],
      status: 'APPROVED',
    });
    // Deleted at Meta: nothing to import.
    await t.database.db.insert(sandboxMetaTemplates).values({
      id: '1300000000000002',
      wabaId: p,
      name: 'gone_already',
      language: 'en',
      category: 'UTILITY',
      components: [body],
      status: 'DELETED',
    });
    const res = await sync(p);
    expect(res.body).toMatchObject({ message: m.syncSuccessful, created: 2, updated: 0 });
    const rows = await rowsOf(p);
    expect(rows.map((r) => r.name).sort()).toEqual(['made_in_meta', 'menu_card']);
    expect(rows.find((r) => r.name === 'made_in_meta')).toMatchObject({
      providerTemplateId: made.id,
      status: 'PENDING',
      category: 'UTILITY',
      type: 'TEXT',
      body: body.text,
      format: body.text,
      sampleMessage: 'Your table for four is booked for tonight at eight, see you soon.',
      footerText: 'Reply STOP to opt out',
      templateParams: ['four'],
      createdBy: null,
      partnerId: acmeId,
      rejectedReason: '',
    });
    expect(rows.find((r) => r.name === 'menu_card')).toMatchObject({
      providerTemplateId: '1300000000000001',
      status: 'APPROVED',
      type: 'IMAGE',
      language: 'en_US',
      sampleMediaUrl: '4::aW1hZ2UvcG5n:ARb',
    });
    // The list shows them like any other.
    const list = await call<{ templates: Template[] }>(t.app, 'POST', '/api/template-lists', {
      token: owner,
      body: { skip: 0, rowsPerPage: 10, assistantId: p },
    });
    expect(list.body.templates.map((x) => x.name).sort()).toEqual(['made_in_meta', 'menu_card']);
  });

  it('marks DELETED the submitted templates Meta no longer has; drafts stay', async () => {
    const p = fresh();
    const [a, b, kept] = [
      await submit(p, { name: 'deleted_at_meta' }),
      await submit(p, { name: 'vanished_at_meta' }),
      await submit(p, { name: 'still_there' }),
    ];
    const draft = await call<Template>(t.app, 'POST', `/project/${p}/wa_template/draft`, {
      token: owner,
      body: { name: 'a_draft' },
    });
    later(1000);
    await createMetaTemplates(t.deps.env, t.deps.db, t.deps.now).delete(p, a.name);
    await t.database.db.delete(sandboxMetaTemplates).where(eq(sandboxMetaTemplates.id, b.providerTemplateId!));
    expect((await sync(p)).body).toMatchObject({ created: 0, updated: 2 });
    for (const gone of [a, b])
      expect(await rowOf(gone.id)).toMatchObject({ status: 'DELETED', deletedAt: t.clock.now });
    expect(await rowOf(kept.id)).toMatchObject({ status: 'PENDING', deletedAt: null });
    expect(await rowOf(draft.body._id)).toMatchObject({ status: 'DRAFT', deletedAt: null });
  });

  it("takes Meta's move of an approved template to another category and mails the owner the new price", async () => {
    const p = fresh();
    const text = 'Hello {{1}}, your order {{2}} has shipped. Use coupon code SAVE10 on your next order with us.';
    const row = await submit(p, { name: 'moved_by_meta', category: 'UTILITY', text });
    await metaSays(row.providerTemplateId!, { status: 'APPROVED', category: 'MARKETING', previousCategory: 'UTILITY' });
    later(1000);
    expect((await sync(p)).body).toMatchObject({ updated: 1 });
    expect(await rowOf(row.id)).toMatchObject({
      status: 'APPROVED',
      category: 'MARKETING',
      previousCategory: 'UTILITY',
      categoryChangedAt: t.clock.now,
    });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, RECATEGORISED_MAIL_JOB));
    expect(queued.map((j) => j.payload)).toEqual([{ partnerId: acmeId, templateId: row.id, category: 'MARKETING' }]);

    const mailJob = { [RECATEGORISED_MAIL_JOB]: t.app.jobHandlers[RECATEGORISED_MAIL_JOB]! };
    expect(await runDueJobs(t.deps.db, mailJob, t.deps.now)).toEqual({ ran: 1, failed: 0 });
    const [ownerRow] = await t.database.db
      .select({ email: agents.email })
      .from(agents)
      .where(and(eq(agents.partnerId, acmeId), eq(agents.agentRole, OWNER_ROLE)));
    const mail = t.outbox.sent.at(-1)!;
    expect(mail).toMatchObject({ to: ownerRow!.email, subject: 'Meta moved your template moved_by_meta to MARKETING' });
    const [detail] = (
      await call<Template[]>(t.app, 'GET', `/api/${(await whoAmI(t, owner)).agentId}/template-detials/${row.id}`, {
        token: owner,
      })
    ).body;
    const price = detail!.categoryChange!;
    expect(price.to).toBeGreaterThan(price.from);
    expect(mail.text).toContain(`from UTILITY to MARKETING`);
    expect(mail.text).toContain(
      `${formatMoney(price.to, price.currency)} instead of ${formatMoney(price.from, price.currency)}`,
    );
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, RECATEGORISED_MAIL_JOB))).toEqual([]);
  });

  it("answers 404 for another partner's, an unknown and an archived project, taking no cool-down", async () => {
    const p = fresh();
    const [archived] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.partnerId, acmeId), eq(projects.partnerArchived, true)));
    for (const [token, projectId] of [
      [direct, p],
      [owner, 'no-such-project'],
      [owner, archived!.id],
    ] as const) {
      const res = await sync(projectId, token);
      expect(res.status, projectId).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    // Acme's path with Direct's session, and Direct's with Acme's: 404 before anything runs.
    expect((await sync(p, direct, acmeId)).status).toBe(404);
    expect((await sync(p, owner, directId)).status).toBe(404);
    expect(await stampOf(p)).toBeNull();
    expect((await sync(p)).status).toBe(200);
  });

  it("answers 400 'Waba is not live yet!' for a project that is not live", async () => {
    const [notLive] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.partnerId, acmeId),
          eq(projects.isWhatsappVerified, false),
          eq(projects.partnerArchived, false),
        ),
      );
    const res = await sync(notLive!.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Waba is not live yet!');
    expect(await stampOf(notLive!.id)).toBeNull();
  });

  it('refuses a read-only role with 403 and changes nothing', async () => {
    const p = freeProjects[0]!;
    const before = await stampOf(p);
    const res = await sync(p, viewer);
    expect(res.status).toBe(403);
    expect(await stampOf(p)).toEqual(before);
  });
});
