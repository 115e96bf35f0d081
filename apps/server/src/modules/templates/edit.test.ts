import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { templateMessages as m, type CreateTemplateResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { partnerAuditLog, sandboxMetaTemplates, templates } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { createMetaTemplates } from '../../providers/meta/templates/create.js';
import { createTemplate, freeLiveProjectsOf, validInput, whoAmI } from './test-fixture.js';

/**
 * Editing a template with Meta (template management page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/template-management):
 * only APPROVED, REJECTED or PAUSED ones; an approved one keeps its category and is edited at most
 * once in 24 hours; all components are replaced; Meta then says "A template is edited."
 */

let t: TestContext;
let owner: string;
let freeProjects: string[] = [];
let used = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  const { partnerId } = await whoAmI(t, owner);
  freeProjects = await freeLiveProjectsOf(t, partnerId);
});
afterAll(() => t.close());

const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const rowOf = async (id: string) => (await t.database.db.select().from(templates).where(eq(templates.id, id)))[0]!;
const metaCopyOf = async (id: string) =>
  (await t.database.db.select().from(sandboxMetaTemplates).where(eq(sandboxMetaTemplates.id, id)))[0]!;

/** The sandbox Meta's reviews and webhooks, delivered to this app, until nothing is due. */
const metaWorks = async () => {
  const meta = createMetaTemplates(t.deps.env, t.deps.db, t.deps.now, {
    send: async (url, body, headers) =>
      (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers })).statusCode,
  });
  const handlers = { ...t.app.jobHandlers, ...meta.jobHandlers };
  later(t.deps.env.META_SANDBOX_REVIEW_DELAY_MS + 2000);
  for (let round = 0; round < 6; round += 1) {
    await runDueJobs(t.deps.db, handlers, t.deps.now);
    later(2000);
  }
};

const submitted = async (over: Parameters<typeof validInput>[0]) => {
  const project = freeProjects[used++]!;
  const res = await createTemplate(t, owner, project, validInput(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { project, id: res.body.id };
};

const edit = (project: string, id: string, over: Parameters<typeof validInput>[0]) =>
  call<CreateTemplateResponse & { message: string }>(t.app, 'PUT', `/project/${project}/wa_template/${id}`, {
    token: owner,
    body: validInput(over),
  });

describe('PUT /project/{projectId}/wa_template/{templateId}', () => {
  it('sends a rejected template back to review with its new text, and Meta approves it', async () => {
    const { project, id } = await submitted({
      name: 'prize_note',
      text: 'Claim your lottery prize {{1}} at bit.ly/win now please.',
    });
    await metaWorks();
    expect(await rowOf(id)).toMatchObject({ status: 'REJECTED' });
    const text = 'Hello {{1}}, your order has shipped today and will reach you within two days.';
    const res = await edit(project, id, { name: 'prize_note', text, templateParams: ['Asha'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: m.templateEdited, status: 'PENDING', body: text, rejectedReason: '' });
    const row = await rowOf(id);
    expect(JSON.stringify((await metaCopyOf(row.providerTemplateId!)).components)).toContain('has shipped today');
    await metaWorks();
    expect(await rowOf(id)).toMatchObject({ status: 'APPROVED', body: text });
  });

  it('edits an approved template once in 24 hours, never its category, and keeps it approved', async () => {
    const { project, id } = await submitted({ name: 'shipping_note' });
    await metaWorks();
    expect((await rowOf(id)).status).toBe('APPROVED');
    const first = await edit(project, id, { name: 'shipping_note', footerText: 'Sent by Acme' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'APPROVED', footerText: 'Sent by Acme' });
    const again = await edit(project, id, { name: 'shipping_note', footerText: 'Sent by Acme today' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^Meta lets an approved template be edited once in 24 hours/);
    const moved = await edit(project, id, { name: 'shipping_note', category: 'MARKETING' });
    expect(moved.body).toMatchObject({ message: m.categoryFixed });
    // The activity log has the one edit Meta took, with the field it changed; the refused ones left none.
    const edits = await t.database.db
      .select()
      .from(partnerAuditLog)
      .where(and(eq(partnerAuditLog.action, 'template.edit'), eq(partnerAuditLog.targetId, id)));
    expect(edits).toEqual([
      expect.objectContaining({
        targetName: 'shipping_note (en)',
        before: { footerText: 'Reply STOP to opt out' },
        after: { footerText: 'Sent by Acme' },
      }),
    ]);
    later(24 * 3_600_000 + 1000);
    const nextDay = await edit(project, id, { name: 'shipping_note', footerText: 'Sent by Acme today' });
    expect(nextDay.status, JSON.stringify(nextDay.body)).toBe(200);
    // Meta's "A template is edited." reaches the console as its components webhook: nothing changes more.
    await metaWorks();
    expect(await rowOf(id)).toMatchObject({ status: 'APPROVED', footerText: 'Sent by Acme today' });
  });

  it('refuses a pending template, another name or language, and a locked one; nothing changes', async () => {
    const { project, id } = await submitted({ name: 'pending_note' });
    const before = await rowOf(id);
    expect((await edit(project, id, { name: 'pending_note' })).body).toMatchObject({
      message: m.notEditable('PENDING'),
    });
    await metaWorks();
    expect((await edit(project, id, { name: 'other_name' })).body).toMatchObject({ message: m.nameLanguageFixed });
    expect((await edit(project, id, { name: 'pending_note', language: 'hi' })).body).toMatchObject({
      message: m.nameLanguageFixed,
    });
    await t.database.db.update(templates).set({ lockedAt: t.clock.now }).where(eq(templates.id, id));
    expect((await edit(project, id, { name: 'pending_note', footerText: 'x' })).body).toMatchObject({
      message: m.templateLocked,
    });
    expect((await rowOf(id)).body).toBe(before.body);
    const unknown = await edit(project, 'tpl_nope', { name: 'pending_note' });
    expect(unknown.status).toBe(404);
  });
});
