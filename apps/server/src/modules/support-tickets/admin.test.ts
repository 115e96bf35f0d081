import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketMessages, type AdminTicket, type AdminTicketsResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { expectRefused, ticketFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let admin: string;
let adsOwner: string;
const f = ticketFixture(() => t);

beforeAll(async () => {
  t = await startTestApp();
  [owner, admin, adsOwner] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'admin'),
    signInAs(t.app, 'ads'),
  ]);
});
afterAll(() => t.close());

const list = (body: unknown, token = admin) =>
  call<AdminTicketsResponse>(t.app, 'POST', '/superadmin/support-tickets', { token, body });
const getTicket = (id: string, token = admin) =>
  call<{ ticket: AdminTicket }>(t.app, 'GET', `/superadmin/support-tickets/${id}`, { token });
const raiseOther = async (projectName: string, description = 'Please help', token = owner) => {
  const project = await f.projectNamed(projectName);
  const res = await f.raise(token, { kind: 'OTHER', assistantId: project.id, description });
  expect(res.status).toBe(200);
  return res.body.ticket._id;
};

describe('POST /superadmin/support-tickets', () => {
  it("lists one status's tickets across partners, newest first, with each status's count", async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    // The demo: Metro Clinics' and Sunrise Bakery's (Acme) and Brightside Apparel's (AdsWorks) pending tickets.
    expect(res.body.tickets.map((x) => [x.partnerName, x.assistantName, x.status, x.assignedTo])).toEqual([
      ['Acme Messaging', 'Metro Clinics', 'PENDING', null],
      ['AdsWorks', 'Brightside Apparel', 'PENDING', null],
      ['Acme Messaging', 'Sunrise Bakery', 'PENDING', null],
    ]);
    expect(res.body.counts).toEqual({ PENDING: 3, IN_PROGRESS: 1, RESOLVED: 2, REJECTED: 1 });
    expect(res.body.totalTickets).toBe(3);
    // What the dialog shows beside the ask: the project's limit now, the template's status now.
    const metro = res.body.tickets[0]!;
    expect(metro.request).toEqual({ dailyTemplateLimit: 1000 });
    expect(metro.current.dailyTemplateLimit).toBe((await f.projectNamed('Metro Clinics')).dailyTemplateLimit);
    expect(res.body.tickets[2]!.current.templateStatus).toBe('REJECTED');

    const ads = res.body.tickets[1]!.partnerId;
    const closed = await list({ status: 'REJECTED', partnerId: ads });
    expect(closed.body.tickets.map((x) => [x.assistantName, x.assignedTo])).toEqual([
      ['Northwind Outfitters', 'Platform Admin'],
    ]);
    expect(closed.body.counts).toEqual({ PENDING: 1, IN_PROGRESS: 0, RESOLVED: 1, REJECTED: 1 });
  });

  it('pages in SQL: 15 a page, or 25', async () => {
    for (let i = 0; i < 5; i++) await raiseOther('Kite Campaign 08', `Paging ${i}`);
    for (let i = 0; i < 5; i++) await raiseOther('Kite Campaign 04', `Paging ${i}`);
    for (let i = 0; i < 5; i++) await raiseOther('Sunrise Orders', `Paging ${i}`);
    for (let i = 0; i < 3; i++) await raiseOther('Nimbus Travel', `Paging ${i}`);
    const first = await list({ status: 'PENDING', skip: 0, rowsPerPage: 15 });
    expect(first.body.tickets).toHaveLength(15);
    expect(first.body.totalTickets).toBe(21);
    const second = await list({ status: 'PENDING', skip: 15, rowsPerPage: 15 });
    expect(second.body.tickets).toHaveLength(6);
    const ids = new Set([...first.body.tickets, ...second.body.tickets].map((x) => x._id));
    expect(ids.size).toBe(21);
    expect((await list({ status: 'PENDING', rowsPerPage: 25 })).body.tickets).toHaveLength(21);
  });

  it('refuses a malformed filter, and is for the super-admin only', async () => {
    expectRefused(await list({ status: 'OPEN' }), 400);
    expectRefused(await list({ rowsPerPage: 0 }), 400);
    expectRefused(await list({ skip: -1 }), 400);
    expect((await list({}, owner)).status).toBe(403);
    expect((await list({}, '')).status).toBe(401);
    const [some] = (await list({})).body.tickets;
    expect((await getTicket(some!._id, owner)).status).toBe(403);
    expectRefused(await getTicket('000000000000000000000000'), 404);
  });
});

describe('POST /superadmin/support-tickets/:id/mark', () => {
  it('takes a pending ticket: In progress, assigned to the super-admin, with its audit row', async () => {
    const id = await raiseOther('Zen Yoga', 'Take me');
    const res = await f.mark(admin, id, { status: 'IN_PROGRESS' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ticketMessages.marked('IN_PROGRESS'));
    expect(res.body.ticket).toMatchObject({ status: 'IN_PROGRESS', assignedTo: 'Platform Admin', resolution: null });
    const audit = await f.auditOf(id);
    expect(audit.map((a) => [a.action, a.targetKind, a.adminName, a.before, a.after])).toEqual([
      [
        'ticket.mark',
        'ticket',
        'Platform Admin',
        { status: 'PENDING', assignedTo: null, resolution: null },
        { status: 'IN_PROGRESS', assignedTo: 'Platform Admin', resolution: null },
      ],
    ]);
    expect(audit[0]!.partnerId).toBe((await f.ticketRow(id))!.partnerId);
    // The partner sees who took it.
    const seen = await call<{ tickets: { _id: string; assignedTo: string | null; status: string }[] }>(
      t.app,
      'GET',
      `/api/support-tickets?assistantId=${(await f.ticketRow(id))!.projectId}`,
      { token: owner },
    );
    expect(seen.body.tickets.find((x) => x._id === id)).toMatchObject({
      status: 'IN_PROGRESS',
      assignedTo: 'Platform Admin',
    });
  });

  it('lets one of two super-admins marking at once take it; the other is refused and nothing is doubled', async () => {
    const id = await raiseOther('Zen Yoga', 'Race');
    const results = await Promise.all([1, 2, 3].map(() => f.mark(admin, id, { status: 'IN_PROGRESS' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await f.auditOf(id)).toHaveLength(1);
  });

  it('refuses a move the ticket cannot make, and changes nothing', async () => {
    const id = await raiseOther('Orchid Salon', 'Moves');
    const before = await f.ticketRow(id);
    // Resolving needs the ticket in progress; a limit or template ticket resolves by doing what it asks.
    expectRefused(
      await f.mark(admin, id, { status: 'RESOLVED', resolution: 'Done' }),
      400,
      ticketMessages.notInProgress,
    );
    expectRefused(await f.mark(admin, id, { status: 'PENDING' }), 400);
    expectRefused(await f.mark(admin, id, { status: 'REJECTED' }), 400);
    expectRefused(await f.mark(admin, id, { status: 'REJECTED', resolution: '  ' }), 400);
    expect(await f.ticketRow(id)).toEqual(before);
    expect(await f.auditOf(id)).toEqual([]);

    const project = await f.projectNamed('Orchid Salon');
    const limit = await f.raise(owner, {
      kind: 'DAILY_TEMPLATE_LIMIT',
      assistantId: project.id,
      dailyTemplateLimit: 900,
    });
    const limitId = limit.body.ticket._id;
    expect((await f.mark(admin, limitId, { status: 'IN_PROGRESS' })).status).toBe(200);
    expectRefused(
      await f.mark(admin, limitId, { status: 'RESOLVED', resolution: 'Done' }),
      400,
      ticketMessages.resolveByRequest,
    );
    expectRefused(await f.mark(admin, limitId, { status: 'IN_PROGRESS' }), 400);
    expect((await f.ticketRow(limitId))!.status).toBe('IN_PROGRESS');
    expectRefused(await f.mark(admin, '000000000000000000000000', { status: 'IN_PROGRESS' }), 404);
  });

  it('rejects a pending ticket with the reason, assigned to who rejected it; the owner is mailed; it is read-only after', async () => {
    const id = await raiseOther('Brightside Apparel', 'Reject me', adsOwner);
    const res = await f.mark(admin, id, { status: 'REJECTED', resolution: 'We cannot do that.' });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({
      status: 'REJECTED',
      assignedTo: 'Platform Admin',
      resolution: 'We cannot do that.',
    });
    expect(await f.mailJobsOf(id)).toHaveLength(1);
    const mails = await f.sendMails();
    const mail = mails.find((m) => m.to === 'owner@adsworks.example');
    expect(mail?.subject).toBe('Your support ticket about Brightside Apparel was rejected');
    expect(mail?.text).toContain('Reason: We cannot do that.');
    expect(mail?.text).toContain('Other: Reject me');

    const after = await f.ticketRow(id);
    for (const body of [
      { status: 'IN_PROGRESS' },
      { status: 'RESOLVED', resolution: 'x' },
      { status: 'REJECTED', resolution: 'again' },
    ])
      expectRefused(await f.mark(admin, id, body), 400, ticketMessages.closed);
    expect(await f.ticketRow(id)).toEqual(after);
    expect(await f.auditOf(id)).toHaveLength(1);
  });

  it('resolves an OTHER ticket in progress with a note, and the owner reads it in the mail', async () => {
    const id = await raiseOther('Nimbus Travel', 'Resolve me');
    expect((await f.mark(admin, id, { status: 'IN_PROGRESS' })).status).toBe(200);
    const res = await f.mark(admin, id, { status: 'RESOLVED', resolution: 'Done on our side.' });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ status: 'RESOLVED', resolution: 'Done on our side.' });
    expect((await f.auditOf(id)).map((a) => (a.after as { status: string }).status)).toEqual([
      'IN_PROGRESS',
      'RESOLVED',
    ]);
    const mail = (await f.sendMails()).find((m) => m.to === 'owner@acme.example');
    expect(mail?.subject).toBe('Your support ticket about Nimbus Travel was resolved');
    expect(mail?.text).toContain('Resolution: Done on our side.');
    expect(mail?.text).toContain(`/assistants/${(await f.ticketRow(id))!.projectId}?tab=details`);
  });

  it('is for the super-admin only, and a refused call changes nothing', async () => {
    const id = await raiseOther('Orchid Salon', 'Partner tries');
    const before = await f.ticketRow(id);
    expect((await f.mark(owner, id, { status: 'IN_PROGRESS' })).status).toBe(403);
    expect((await f.mark('', id, { status: 'IN_PROGRESS' })).status).toBe(401);
    expect(await f.ticketRow(id)).toEqual(before);
  });
});
