import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  assistantFieldTexts,
  projectMessages,
  ticketMessages,
  type SetAssistantFieldResponse,
  type TicketActionResponse,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, projects, templates } from '../../platform/db/schema.js';
import { expectRefused, ticketFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let admin: string;
const f = ticketFixture(() => t);

beforeAll(async () => {
  t = await startTestApp();
  [owner, admin] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'admin')]);
});
afterAll(() => t.close());

const setField = (body: unknown, token = admin) =>
  call<SetAssistantFieldResponse>(t.app, 'POST', '/superadmin/set-assistant-field', { token, body });
const setTemplateStatus = (id: string, body: unknown, token = admin) =>
  call<TicketActionResponse>(t.app, 'POST', `/superadmin/support-tickets/${id}/template-status`, { token, body });
const projectRow = async (id: string) => (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const templateRow = async (id: string) =>
  (await t.database.db.select().from(templates).where(eq(templates.id, id)))[0]!;
const fieldsOf = async (id: string) => {
  const p = await projectRow(id);
  return { dailyTemplateLimit: p.dailyTemplateLimit, maxAgents: p.maxAgents, macQuota: p.macQuota };
};

/** A ticket raised by Acme's owner and taken by the super-admin. */
const takenTicket = async (body: Record<string, unknown>) => {
  const raised = await f.raise(owner, body);
  expect(raised.status).toBe(200);
  expect((await f.mark(admin, raised.body.ticket._id, { status: 'IN_PROGRESS' })).status).toBe(200);
  return raised.body.ticket._id;
};

describe('POST /superadmin/set-assistant-field', () => {
  it("writes the named fields of any partner's project, with a project.fields audit row", async () => {
    const corner = await f.projectNamed('Corner Store');
    const before = await fieldsOf(corner.id);
    const res = await setField({
      assistantId: corner.id,
      fields: ['maxAgents', 'macQuota'],
      maxAgents: 12,
      macQuota: 5000,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: ticketMessages.updated,
      project: { assistantId: corner.id, dailyTemplateLimit: before.dailyTemplateLimit, maxAgents: 12, macQuota: 5000 },
    });
    expect(await fieldsOf(corner.id)).toEqual({ ...before, maxAgents: 12, macQuota: 5000 });
    const audit = await f.auditOf(corner.id);
    expect(audit.map((a) => [a.action, a.targetKind, a.partnerId, a.before, a.after])).toEqual([
      [
        'project.fields',
        'project',
        corner.partnerId,
        { maxAgents: before.maxAgents, macQuota: before.macQuota },
        { maxAgents: 12, macQuota: 5000 },
      ],
    ]);
  });

  it('refuses a named field without its value, a value out of range or an unknown field, and changes nothing', async () => {
    const zen = await f.projectNamed('Zen Yoga');
    const before = await fieldsOf(zen.id);
    const refused = [
      { assistantId: zen.id, fields: ['dailyTemplateLimit'] },
      { assistantId: zen.id, fields: ['dailyTemplateLimit', 'maxAgents'], dailyTemplateLimit: 10 },
      { assistantId: zen.id, fields: ['maxAgents'], maxAgents: 101 },
      { assistantId: zen.id, fields: ['maxAgents'], maxAgents: 0 },
      { assistantId: zen.id, fields: ['templateCredit'], templateCredit: 10 },
      { assistantId: zen.id, fields: [] },
      { assistantId: zen.id, fields: ['macQuota'], macQuota: -1 },
    ];
    for (const body of refused) expectRefused(await setField(body), 400);
    expectRefused(
      await setField({ assistantId: zen.id, fields: ['dailyTemplateLimit'] }),
      400,
      ticketMessages.fieldMissing('dailyTemplateLimit'),
    );
    expect(await fieldsOf(zen.id)).toEqual(before);
    expect(await f.auditOf(zen.id)).toEqual([]);
  });

  it("never answers 'Successfully Updated' for a value it did not write: one sent but not named, or one it does not write, is refused", async () => {
    const zen = await f.projectNamed('Zen Yoga');
    const before = await fieldsOf(zen.id);
    expectRefused(
      await setField({ assistantId: zen.id, fields: ['maxAgents'], maxAgents: 12, dailyTemplateLimit: 99 }),
      400,
      assistantFieldTexts.notNamed('dailyTemplateLimit'),
    );
    expectRefused(
      await setField({ assistantId: zen.id, fields: ['maxAgents'], maxAgents: 12, templateCredit: 10 }),
      400,
      assistantFieldTexts.unknownFields(['templateCredit']),
    );
    // The agent limit: 1 to 100, refused outside with the spec's words (doc 3 section 5), 1 and 100 written.
    for (const maxAgents of [0, 101, 2.5])
      expectRefused(
        await setField({ assistantId: zen.id, fields: ['maxAgents'], maxAgents }),
        400,
        projectMessages.agentSizeRange,
      );
    expect(await fieldsOf(zen.id)).toEqual(before);
    expect(await f.auditOf(zen.id)).toEqual([]);
    for (const maxAgents of [1, 100]) {
      expect((await setField({ assistantId: zen.id, fields: ['maxAgents'], maxAgents })).status).toBe(200);
      expect((await fieldsOf(zen.id)).maxAgents).toBe(maxAgents);
    }
  });

  it('answers 404 for an unknown project or ticket, and 403 for a partner', async () => {
    expectRefused(
      await setField({ assistantId: '000000000000000000000000', fields: ['maxAgents'], maxAgents: 3 }),
      404,
    );
    const orchid = await f.projectNamed('Orchid Salon');
    const before = await fieldsOf(orchid.id);
    expectRefused(
      await setField({
        assistantId: orchid.id,
        fields: ['maxAgents'],
        maxAgents: 3,
        ticketId: '000000000000000000000000',
      }),
      404,
    );
    expect((await setField({ assistantId: orchid.id, fields: ['maxAgents'], maxAgents: 3 }, owner)).status).toBe(403);
    expect(await fieldsOf(orchid.id)).toEqual(before);
  });

  it('fulfils a daily template limit ticket: the limit written and the ticket resolved together, audited, the owner mailed', async () => {
    const orchid = await f.projectNamed('Orchid Salon');
    const id = await takenTicket({ kind: 'DAILY_TEMPLATE_LIMIT', assistantId: orchid.id, dailyTemplateLimit: 4000 });
    const res = await setField({
      assistantId: orchid.id,
      fields: ['dailyTemplateLimit'],
      dailyTemplateLimit: 3500,
      ticketId: id,
    });
    expect(res.status).toBe(200);
    expect(res.body.project.dailyTemplateLimit).toBe(3500);
    expect(res.body.ticket).toMatchObject({
      _id: id,
      status: 'RESOLVED',
      assignedTo: 'Platform Admin',
      resolution: 'Daily template limit set to 3,500.',
      current: { dailyTemplateLimit: 3500, templateStatus: null },
    });
    expect((await projectRow(orchid.id)).dailyTemplateLimit).toBe(3500);
    const audit = await f.auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['ticket.mark', 'ticket.fulfil']);
    expect(audit[1]!.before).toEqual({ status: 'IN_PROGRESS', assistantId: orchid.id, dailyTemplateLimit: null });
    expect(audit[1]!.after).toMatchObject({ status: 'RESOLVED', dailyTemplateLimit: 3500 });
    // One row for the action: no project.fields row beside it.
    expect(await f.auditOf(orchid.id)).toEqual([]);
    const mail = (await f.sendMails()).find((m) => m.to === 'owner@acme.example');
    expect(mail?.subject).toBe('Your support ticket about Orchid Salon was resolved');
    expect(mail?.text).toContain('Daily template limit: Daily template limit of 4,000');
    expect(mail?.text).toContain('Resolution: Daily template limit set to 3,500.');
  });

  it('refuses to fulfil a ticket that is pending, closed, of another project or of another kind, and changes nothing', async () => {
    const nimbus = await f.projectNamed('Nimbus Travel');
    const zen = await f.projectNamed('Zen Yoga');
    const pending = await f.raise(owner, {
      kind: 'DAILY_TEMPLATE_LIMIT',
      assistantId: nimbus.id,
      dailyTemplateLimit: 700,
    });
    const pendingId = pending.body.ticket._id;
    const limit = (ticketId: string, assistantId = nimbus.id, extra: Record<string, unknown> = {}) =>
      setField({ assistantId, fields: ['dailyTemplateLimit'], dailyTemplateLimit: 700, ticketId, ...extra });

    expectRefused(await limit(pendingId), 400, ticketMessages.notInProgress);
    expect((await f.mark(admin, pendingId, { status: 'IN_PROGRESS' })).status).toBe(200);
    expectRefused(await limit(pendingId, zen.id), 400, ticketMessages.otherProject);
    expectRefused(
      await setField({ assistantId: nimbus.id, fields: ['maxAgents'], maxAgents: 8, ticketId: pendingId }),
      400,
      ticketMessages.limitFieldMissing,
    );
    const metro = await f.projectNamed('Metro Clinics');
    const metroLimit = metro.dailyTemplateLimit;
    const rejected = await f.templateOf(metro.id, 'REJECTED');
    const templateTicket = await takenTicket({
      kind: 'TEMPLATE_STATUS',
      assistantId: metro.id,
      templateId: rejected.id,
      templateStatus: 'APPROVED',
    });
    expectRefused(
      await setField({
        assistantId: metro.id,
        fields: ['dailyTemplateLimit'],
        dailyTemplateLimit: 9,
        ticketId: templateTicket,
      }),
      400,
      ticketMessages.notAFieldsTicket,
    );
    expect((await f.ticketRow(pendingId))!.status).toBe('IN_PROGRESS');
    expect(await fieldsOf(nimbus.id)).toMatchObject({ dailyTemplateLimit: null });
    expect(await fieldsOf(zen.id)).toMatchObject({ dailyTemplateLimit: null });
    expect((await projectRow(metro.id)).dailyTemplateLimit).toBe(metroLimit);

    expect((await limit(pendingId)).status).toBe(200);
    expectRefused(await limit(pendingId), 400, ticketMessages.closed);
    expect(await f.mailJobsOf(pendingId)).toHaveLength(1);
  });

  it('fulfils an OTHER ticket with any field', async () => {
    const kite = await f.projectNamed('Kite Campaign 03');
    // The demo's: "raise the agents limit to 10", in progress.
    const [ticket] = (await f.ticketsOf(kite.id)).filter((x) => x.status === 'IN_PROGRESS');
    const res = await setField({ assistantId: kite.id, fields: ['maxAgents'], maxAgents: 10, ticketId: ticket!.id });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ status: 'RESOLVED', resolution: 'Agents limit set to 10.' });
    expect((await projectRow(kite.id)).maxAgents).toBe(10);
  });
});

describe('POST /superadmin/support-tickets/:id/template-status', () => {
  it("sets the template's status in the console and resolves the ticket, in one step", async () => {
    const metro = await f.projectNamed('Metro Clinics');
    const rejected = await f.templateOf(metro.id, 'REJECTED');
    expect(rejected.rejectedReason).not.toBe('');
    const id = await takenTicket({
      kind: 'TEMPLATE_STATUS',
      assistantId: metro.id,
      templateId: rejected.id,
      templateStatus: 'APPROVED',
    });
    const res = await setTemplateStatus(id, { status: 'APPROVED' });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({
      status: 'RESOLVED',
      resolution: `The template ${rejected.name} is now APPROVED.`,
      current: { templateStatus: 'APPROVED' },
    });
    expect(await templateRow(rejected.id)).toMatchObject({ status: 'APPROVED', rejectedReason: '' });
    const audit = (await f.auditOf(id)).at(-1)!;
    expect([audit.action, audit.before, audit.after]).toEqual([
      'ticket.template-status',
      { status: 'IN_PROGRESS', templateId: rejected.id, templateStatus: 'REJECTED' },
      {
        status: 'RESOLVED',
        templateId: rejected.id,
        templateStatus: 'APPROVED',
        resolution: `The template ${rejected.name} is now APPROVED.`,
      },
    ]);
    // The partner reads the template as approved.
    const listed = await call<{ templates: { _id: string; status: string }[] }>(
      t.app,
      'POST',
      '/api/template-lists?sort=dec',
      { token: owner, body: { skip: 0, rowsPerPage: 100, assistantId: metro.id } },
    );
    expect(listed.body.templates.find((x) => x._id === rejected.id)?.status).toBe('APPROVED');
    expect(await f.mailJobsOf(id)).toHaveLength(1);
  });

  it('refuses a ticket of another kind, not in progress, or whose template is gone, and changes nothing', async () => {
    const metro = await f.projectNamed('Metro Clinics');
    const approved = await f.templateOf(metro.id, 'APPROVED');
    const raised = await f.raise(owner, {
      kind: 'TEMPLATE_STATUS',
      assistantId: metro.id,
      templateId: approved.id,
      templateStatus: 'PAUSED',
    });
    const id = raised.body.ticket._id;
    expectRefused(await setTemplateStatus(id, { status: 'PAUSED' }), 400, ticketMessages.notInProgress);
    expect((await f.mark(admin, id, { status: 'IN_PROGRESS' })).status).toBe(200);
    expectRefused(await setTemplateStatus(id, { status: 'DRAFT' }), 400);
    expectRefused(await setTemplateStatus(id, { status: 'DELETED' }), 400);
    expect((await setTemplateStatus(id, { status: 'PAUSED' }, owner)).status).toBe(403);
    expect((await templateRow(approved.id)).status).toBe('APPROVED');

    const zen = await f.projectNamed('Zen Yoga');
    const other = await takenTicket({ kind: 'OTHER', assistantId: zen.id, description: 'x' });
    expectRefused(await setTemplateStatus(other, { status: 'APPROVED' }), 400, ticketMessages.notATemplateTicket);
    expect((await f.ticketRow(other))!.status).toBe('IN_PROGRESS');

    // Meta deleted the template meanwhile: nothing to set; the ticket stays open to be rejected.
    await t.database.db.update(templates).set({ deletedAt: new Date() }).where(eq(templates.id, approved.id));
    const auditBefore = await t.database.db.select().from(adminAuditLog);
    expectRefused(await setTemplateStatus(id, { status: 'PAUSED' }), 400, ticketMessages.templateGone);
    expect((await f.ticketRow(id))!.status).toBe('IN_PROGRESS');
    expect(await t.database.db.select().from(adminAuditLog)).toHaveLength(auditBefore.length);
    expect(await f.mailJobsOf(id)).toEqual([]);
    expectRefused(await setTemplateStatus('000000000000000000000000', { status: 'PAUSED' }), 404);
  });
});
