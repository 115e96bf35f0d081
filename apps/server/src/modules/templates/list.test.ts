import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRangeTexts, TEMPLATE_PAGE_SIZE, type Template, type TemplateListResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { createTemplate, projectIdOf, validInput } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let project: string;
/** What was made, oldest first: 30 drafts over 10 days (3 a day), then 2 submitted templates. */
const made: { id: string; name: string; label: string; at: string }[] = [];
const DAY = 86_400_000;
/** Days of the past (a session does not outlive the clock): six o'clock UTC, 40 days ago. */
const start = Math.floor(Date.now() / DAY - 40) * DAY + 6 * 3_600_000;
const day = (n: number) => new Date(start + n * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'agent')]);
  project = await projectIdOf(t, 'Metro Reminders');
  for (let i = 0; i < 30; i += 1) {
    t.clock.now = new Date(start + Math.floor(i / 3) * DAY + (i % 3) * 3_600_000);
    // Labels hold LIKE's wildcards: a search must take them literally.
    const label = i === 4 ? '100% off' : i === 5 ? 'half_price' : `Label ${i}`;
    const res = await call<Template>(t.app, 'POST', `/project/${project}/wa_template/draft`, {
      token: owner,
      body: { name: `draft_${String(i).padStart(2, '0')}`, label },
    });
    made.push({ id: res.body._id, name: res.body.name, label, at: t.clock.now.toISOString() });
  }
  for (const name of ['Promo_Alpha', 'promo_beta']) {
    t.clock.now = new Date(start + 12 * DAY);
    const res = await createTemplate(t, owner, project, validInput({ name }));
    made.push({ id: res.body._id, name: res.body.name, label: 'Order update', at: t.clock.now.toISOString() });
  }
  t.clock.now = new Date();
});
afterAll(() => t.close());

const list = (body: object, sort = 'dec', token = viewer) =>
  call<TemplateListResponse & { message?: string; fields?: Record<string, string> }>(
    t.app,
    'POST',
    `/api/template-lists?sort=${sort}`,
    { token, body: { assistantId: project, skip: 0, rowsPerPage: 10, ...body } },
  );

describe('POST /api/template-lists', () => {
  it('pages newest first by created at then id, drafts included, with newSkip and the total', async () => {
    const seen: string[] = [];
    for (let skip = 0; ;) {
      const res = await list({ skip, rowsPerPage: 7 });
      expect(res.status).toBe(200);
      expect(res.body.totalprojects).toBe(32);
      expect(res.body.newSkip).toBe(skip + res.body.templates.length);
      seen.push(...res.body.templates.map((x) => x._id));
      if (res.body.templates.length < 7) break;
      skip = res.body.newSkip;
    }
    const newestFirst = [...made].sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id)).map((x) => x.id);
    expect(seen).toEqual(newestFirst);
    const first = (await list({ rowsPerPage: 1 })).body.templates[0]!;
    expect(first.status).toBe('PENDING');
    const draft = (await list({ skip: 2, rowsPerPage: 1 })).body.templates[0]!;
    expect(draft).toMatchObject({ status: 'DRAFT', name: 'draft_29', assistantName: 'Metro Reminders' });
  });

  it('sorts oldest first with sort=asc', async () => {
    const res = await list({ rowsPerPage: 3 }, 'asc');
    expect(res.body.templates.map((x) => x.name)).toEqual(['draft_00', 'draft_01', 'draft_02']);
  });

  it('keeps the Created At range to whole days, both ends included, and counts with it', async () => {
    const res = await list({ fromDate: day(1), toDate: day(2), rowsPerPage: 100 });
    expect(res.body.templates.map((x) => x.name).sort()).toEqual([
      'draft_03',
      'draft_04',
      'draft_05',
      'draft_06',
      'draft_07',
      'draft_08',
    ]);
    expect(res.body.totalprojects).toBe(6);
    expect((await list({ fromDate: day(12) })).body.totalprojects).toBe(2);
    expect((await list({ toDate: day(0) })).body.totalprojects).toBe(3);
    // An empty end is no end (the dialog clears a range with one end only).
    expect((await list({ fromDate: '', toDate: '' })).body.totalprojects).toBe(32);
  });

  it('refuses a date that is not a calendar day, and a range that ends before it starts', async () => {
    for (const fromDate of ['yesterday', '2031-02-30', "2031-01-01' or 1=1"]) {
      const res = await list({ fromDate });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(dayRangeTexts.invalidDate);
    }
    const reversed = await list({ fromDate: day(5), toDate: day(4) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(dayRangeTexts.reversed);
  });

  it('finds the typed text in the name or the label, in any case, with % and _ taken literally', async () => {
    const byName = await list({ filter: 'PROMO', rowsPerPage: 0 });
    expect(byName.body.templates.map((x) => x.name).sort()).toEqual(['promo_alpha', 'promo_beta']);
    expect(byName.body.totalprojects).toBe(2);
    expect((await list({ filter: '100%', rowsPerPage: 0 })).body.templates.map((x) => x.name)).toEqual(['draft_04']);
    expect((await list({ filter: 'f_p', rowsPerPage: 0 })).body.templates.map((x) => x.name)).toEqual(['draft_05']);
    expect((await list({ filter: '%', rowsPerPage: 0 })).body.totalprojects).toBe(1);
    expect((await list({ filter: 'label 2', rowsPerPage: 0 })).body.totalprojects).toBe(11);
  });

  it('answers a search (rowsPerPage 0) a page of 25, never the whole table, with the full count', async () => {
    const res = await list({ filter: 'draft', rowsPerPage: 0 });
    expect(res.body.templates).toHaveLength(TEMPLATE_PAGE_SIZE);
    expect(res.body.totalprojects).toBe(30);
    expect(res.body.newSkip).toBe(25);
    const rest = await list({ filter: 'draft', rowsPerPage: 0, skip: 25 });
    expect(rest.body.templates).toHaveLength(5);
  });

  it("answers 404 for an unknown or another partner's project; an archived one's list is still read", async () => {
    expect((await list({ assistantId: 'nope' })).status).toBe(404);
    expect((await list({ assistantId: await projectIdOf(t, 'Corner Store') })).status).toBe(404);
    const archived = await list({ assistantId: await projectIdOf(t, 'Old Market') });
    expect(archived.status).toBe(200);
    expect(archived.body.totalprojects).toBe(0);
  });
});
