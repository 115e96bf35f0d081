import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TICKETS_PER_PROJECT, ticketMessages, type ProjectTicketsResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { expectRefused, ticketFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let direct: string;
let admin: string;
const f = ticketFixture(() => t);

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer, direct, admin] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'direct'),
    signInAs(t.app, 'admin'),
  ]);
});
afterAll(() => t.close());

const listOf = (token: string, projectId: string, query = '') =>
  call<ProjectTicketsResponse>(t.app, 'GET', `/api/support-tickets?assistantId=${projectId}${query}`, { token });

describe('POST /api/support-tickets', () => {
  it('raises each kind of ticket PENDING and unassigned, and the project lists them newest first', async () => {
    const project = await f.projectNamed('Zen Yoga');
    const metro = await f.projectNamed('Metro Clinics');
    const rejected = await f.templateOf(metro.id, 'REJECTED');

    const limit = await f.raise(owner, {
      kind: 'DAILY_TEMPLATE_LIMIT',
      assistantId: project.id,
      dailyTemplateLimit: 3000,
    });
    expect(limit.status).toBe(200);
    expect(limit.body.message).toBe(ticketMessages.raised);
    expect(limit.body.ticket).toMatchObject({
      assistantId: project.id,
      kind: 'DAILY_TEMPLATE_LIMIT',
      request: { dailyTemplateLimit: 3000 },
      description: '',
      status: 'PENDING',
      assignedTo: null,
      resolution: null,
      raisedBy: 'Olivia Owner',
    });
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const other = await f.raise(owner, {
      kind: 'OTHER',
      assistantId: project.id,
      description: '  More agents, please.  ',
    });
    expect(other.status).toBe(200);
    expect(other.body.ticket.description).toBe('More agents, please.');

    const template = await f.raise(owner, {
      kind: 'TEMPLATE_STATUS',
      assistantId: metro.id,
      templateId: rejected.id,
      templateStatus: 'APPROVED',
      description: 'It only confirms an appointment.',
    });
    expect(template.status).toBe(200);
    expect(template.body.ticket.request).toEqual({
      templateId: rejected.id,
      templateName: rejected.name,
      templateLanguage: rejected.language,
      templateStatus: 'APPROVED',
    });

    const list = await listOf(owner, project.id);
    expect(list.status).toBe(200);
    expect(list.body.tickets.map((x) => x._id)).toEqual([other.body.ticket._id, limit.body.ticket._id]);
    expect(list.body).toMatchObject({ totalTickets: 2, openTickets: 2 });
    // A member who may only read the project reads its tickets too.
    expect((await listOf(viewer, project.id)).body.totalTickets).toBe(2);
    // Paged: one at a time.
    const second = await listOf(owner, project.id, '&skip=1&rowsPerPage=1');
    expect(second.body.tickets.map((x) => x._id)).toEqual([limit.body.ticket._id]);
  });

  it('refuses a ticket that asks for nothing usable, and writes nothing', async () => {
    const project = await f.projectNamed('Orchid Salon');
    const metro = await f.projectNamed('Metro Clinics');
    const draft = await f.templateOf((await f.projectNamed('Sunrise Bakery')).id, 'DRAFT');
    const approved = await f.templateOf(metro.id, 'APPROVED');
    const refused = [
      { kind: 'OTHER', assistantId: project.id },
      { kind: 'OTHER', assistantId: project.id, description: '   ' },
      { kind: 'DAILY_TEMPLATE_LIMIT', assistantId: project.id, dailyTemplateLimit: 0 },
      { kind: 'DAILY_TEMPLATE_LIMIT', assistantId: project.id, dailyTemplateLimit: 12.5 },
      { kind: 'DAILY_TEMPLATE_LIMIT', assistantId: project.id },
      { kind: 'TEMPLATE_STATUS', assistantId: metro.id, templateId: approved.id, templateStatus: 'DRAFT' },
      { kind: 'WHATEVER', assistantId: project.id, description: 'x' },
      { kind: 'OTHER', assistantId: project.id, description: 'x'.repeat(2001) },
    ];
    for (const body of refused) expectRefused(await f.raise(owner, body), 400);
    expect(await f.ticketsOf(project.id)).toEqual([]);

    const metroBefore = await f.ticketsOf(metro.id);
    expectRefused(
      await f.raise(owner, {
        kind: 'TEMPLATE_STATUS',
        assistantId: metro.id,
        templateId: approved.id,
        templateStatus: 'APPROVED',
      }),
      400,
      ticketMessages.templateAlready('APPROVED'),
    );
    const sunrise = await f.projectNamed('Sunrise Bakery');
    const sunriseBefore = await f.ticketsOf(sunrise.id);
    expectRefused(
      await f.raise(owner, {
        kind: 'TEMPLATE_STATUS',
        assistantId: sunrise.id,
        templateId: draft.id,
        templateStatus: 'APPROVED',
      }),
      400,
      ticketMessages.templateDraft,
    );
    expect(await f.ticketsOf(metro.id)).toEqual(metroBefore);
    expect(await f.ticketsOf(sunrise.id)).toEqual(sunriseBefore);
  });

  it("answers 404 for another partner's project or template, or a deleted project, and writes nothing", async () => {
    const corner = await f.projectNamed('Corner Store');
    const cornerTemplate = await f.templateOf(corner.id, 'APPROVED');
    const metro = await f.projectNamed('Metro Clinics');
    const old = await f.projectNamed('Old Market');
    const before = { corner: await f.ticketsOf(corner.id), metro: await f.ticketsOf(metro.id) };

    expectRefused(await f.raise(owner, { kind: 'OTHER', assistantId: corner.id, description: 'Not my project' }), 404);
    // A template id must be the project's own: another partner's is not found.
    expectRefused(
      await f.raise(owner, {
        kind: 'TEMPLATE_STATUS',
        assistantId: metro.id,
        templateId: cornerTemplate.id,
        templateStatus: 'PAUSED',
      }),
      404,
    );
    expectRefused(await f.raise(owner, { kind: 'OTHER', assistantId: old.id, description: 'Deleted' }), 404);
    expectRefused(
      await f.raise(owner, { kind: 'OTHER', assistantId: '000000000000000000000000', description: 'x' }),
      404,
    );
    expect(await f.ticketsOf(corner.id)).toEqual(before.corner);
    expect(await f.ticketsOf(metro.id)).toEqual(before.metro);
    expect(await f.ticketsOf(old.id)).toEqual([]);

    // Reading: another partner's project is not found either.
    expectRefused(await listOf(direct, metro.id), 404);
    expect((await listOf(owner, metro.id)).body.totalTickets).toBeGreaterThan(0);
  });

  it('is for members who may change the project; the super-admin raises none', async () => {
    const project = await f.projectNamed('Nimbus Travel');
    const body = { kind: 'OTHER', assistantId: project.id, description: 'Please help' };
    expect((await f.raise(viewer, body)).status).toBe(403);
    expect((await f.raise(admin, body)).status).toBe(403);
    expect((await f.raise('', body)).status).toBe(401);
    expect((await listOf(admin, project.id)).status).toBe(403);
    expect(await f.ticketsOf(project.id)).toEqual([]);
  });

  it(`takes at most ${OPEN_TICKETS_PER_PROJECT} open tickets per project, even raised all at once`, async () => {
    const project = await f.projectNamed('Kite Campaign 06');
    const results = await Promise.all(
      Array.from({ length: OPEN_TICKETS_PER_PROJECT + 3 }, (_, i) =>
        f.raise(owner, { kind: 'OTHER', assistantId: project.id, description: `Ticket ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(OPEN_TICKETS_PER_PROJECT);
    for (const r of results.filter((x) => x.status !== 200)) expectRefused(r, 400, ticketMessages.tooManyOpen);
    expect(await f.ticketsOf(project.id)).toHaveLength(OPEN_TICKETS_PER_PROJECT);

    // A closed ticket makes room for one more.
    const [first] = await f.ticketsOf(project.id);
    expect((await f.mark(admin, first!.id, { status: 'REJECTED', resolution: 'Duplicate' })).status).toBe(200);
    expect((await f.raise(owner, { kind: 'OTHER', assistantId: project.id, description: 'Again' })).status).toBe(200);
    expect((await listOf(owner, project.id)).body).toMatchObject({
      totalTickets: OPEN_TICKETS_PER_PROJECT + 1,
      openTickets: OPEN_TICKETS_PER_PROJECT,
    });
  });
});
