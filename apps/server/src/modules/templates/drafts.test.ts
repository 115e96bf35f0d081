import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  loadTemplateForm,
  templateMessages as m,
  type Template,
  type TemplateLintContextResponse,
  type WccPrices,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects, templates, wccFamilies } from '../../platform/db/schema.js';
import { familyPrice } from '../charging/price.js';
import { createTemplate, projectIdOf, templateRowsOf, validInput, whoAmI } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let direct: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  [owner, viewer, direct] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'direct'),
  ]);
  for (const name of [
    'Metro Reminders',
    'Sunrise Orders',
    'Sunrise Bakery',
    'Old Market',
    'Corner Store',
    'Bloom Florist',
  ])
    ids[name] = await projectIdOf(t, name);
});
afterAll(() => t.close());

const save = (projectId: string, body: object, token = owner) =>
  call<Template & { message?: string }>(t.app, 'POST', `/project/${projectId}/wa_template/draft`, { token, body });
const discard = (projectId: string, draftId: string, token = owner) =>
  call<{ message: string }>(t.app, 'DELETE', `/project/${projectId}/wa_template/draft/${draftId}`, { token });
const lint = (projectId: string, token = owner) =>
  call<TemplateLintContextResponse>(t.app, 'GET', `/project/${projectId}/template-lint-context`, { token });

describe('drafts: POST /project/{projectId}/wa_template/draft and DELETE .../draft/{draftId}', () => {
  it('keeps whatever was typed, judged by nothing, and reopens it in the dialog as typed', async () => {
    const typed = {
      name: 'Half Done',
      label: 'Later',
      category: 'UTILITY',
      type: 'TEXT',
      language: 'en',
      text: 'Hi {{1}} [draft] and more',
      sample_text: '',
      message_action_type: 'CAT',
      call_to_action: [{ type: 'Phone Number', buttonTitle: 'Call', buttonValue: '9876543210', extension: '91' }],
      quick_replies: [],
      templateParams: [''],
    };
    const res = await save(ids['Metro Reminders']!, typed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'DRAFT', name: 'Half Done', body: 'Hi {{1}} [draft] and more' });
    const form = loadTemplateForm(res.body);
    expect(form).toMatchObject({ ...typed, headerText: '', footerText: '' });
  });

  it('may be saved for a project that is not live yet', async () => {
    expect((await save(ids['Sunrise Orders']!, { name: 'early' })).status).toBe(200);
  });

  it('replaces the whole draft on the next save, by its id; a choice that is not one reads empty', async () => {
    const p = ids['Metro Reminders']!;
    const first = await save(p, { name: 'v1', label: 'First', footerText: 'Bye' });
    const second = await save(p, { draftId: first.body._id, name: 'v2', category: 'PROMO' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ _id: first.body._id, name: 'v2', label: '', footerText: '', category: '' });
    expect((await templateRowsOf(t, p)).filter((r) => r.id === first.body._id)).toHaveLength(1);
  });

  it("refuses a submitted template's id (400) and an unknown or foreign one (404), changing nothing", async () => {
    const p = ids['Metro Reminders']!;
    const submitted = await createTemplate(t, owner, p, validInput({ name: 'sent_already' }));
    const before = await templateRowsOf(t, p);
    const res = await save(p, { draftId: submitted.body._id, name: 'changed' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.notADraft);
    const foreign = await save(ids['Sunrise Bakery']!, { name: 'elsewhere' });
    expect((await save(p, { draftId: foreign.body._id, name: 'x' })).status).toBe(404);
    expect((await save(p, { draftId: 'nope', name: 'x' })).status).toBe(404);
    expect(await templateRowsOf(t, p)).toEqual(before);
    expect((await discard(p, submitted.body._id)).body.message).toBe(m.notADraft);
  });

  it('deletes a draft, after which it is gone', async () => {
    const p = ids['Metro Reminders']!;
    const draft = await save(p, { name: 'bin_me' });
    const res = await discard(p, draft.body._id);
    expect(res).toEqual({ status: 200, body: { message: m.draftDeleted } });
    expect((await templateRowsOf(t, p)).some((r) => r.id === draft.body._id)).toBe(false);
    expect((await discard(p, draft.body._id)).status).toBe(404);
  });

  it('is not for the read-only role (403) nor on an archived project (404)', async () => {
    const p = ids['Metro Reminders']!;
    const draft = await save(p, { name: 'keep_me' });
    expect((await save(p, { name: 'by_viewer' }, viewer)).status).toBe(403);
    expect((await discard(p, draft.body._id, viewer)).status).toBe(403);
    expect((await save(ids['Old Market']!, { name: 'archived' })).status).toBe(404);
    expect((await templateRowsOf(t, p)).some((r) => r.id === draft.body._id)).toBe(true);
  });
});

describe('GET /project/{projectId}/template-lint-context', () => {
  it("lists the project's names, deleted ones only within Meta's 30 days", async () => {
    const p = ids['Metro Reminders']!;
    const recent = await createTemplate(t, owner, p, validInput({ name: 'deleted_lately' }));
    const old = await createTemplate(t, owner, p, validInput({ name: 'deleted_long_ago' }));
    const daysAgo = (n: number) => new Date(t.clock.now.getTime() - n * 86_400_000);
    await t.database.db
      .update(templates)
      .set({ status: 'DELETED', deletedAt: daysAgo(10) })
      .where(eq(templates.id, recent.body._id));
    await t.database.db
      .update(templates)
      .set({ status: 'DELETED', deletedAt: daysAgo(31) })
      .where(eq(templates.id, old.body._id));
    const res = await lint(p, viewer);
    expect(res.status).toBe(200);
    const names = res.body.names.map((n) => n.name);
    expect(names).toContain('sent_already');
    expect(names).not.toContain('deleted_long_ago');
    expect(res.body.names.find((n) => n.name === 'deleted_lately')).toMatchObject({
      id: recent.body._id,
      language: 'en',
      status: 'DELETED',
      deletedAt: daysAgo(10).toISOString(),
    });
  });

  it("gives the project's price of each category at its WCC family for its country; none without a family", async () => {
    const [row] = await t.database.db
      .select({ prices: wccFamilies.prices, currency: projects.currency })
      .from(projects)
      .innerJoin(
        wccFamilies,
        and(eq(wccFamilies.id, projects.wccPlanId), eq(wccFamilies.partnerId, projects.partnerId)),
      )
      .where(eq(projects.id, ids['Metro Reminders']!));
    const price = (c: 'marketing' | 'utility' | 'authentication') =>
      familyPrice(row!.prices as WccPrices, row!.currency, 'IN', c, 'business')?.amount;
    const res = await lint(ids['Metro Reminders']!);
    expect(res.body.prices).toEqual({
      country: 'IN',
      currency: row!.currency,
      MARKETING: price('marketing'),
      UTILITY: price('utility'),
      AUTHENTICATION: price('authentication'),
    });
    expect(res.body.prices!.MARKETING).toBeGreaterThan(res.body.prices!.UTILITY!);
    expect((await lint(ids['Bloom Florist']!, direct)).body.prices).toBeNull();
    expect((await lint(ids['Corner Store']!)).status).toBe(404);
  });

  it('shows a template Meta moved to another category with the price before and after', async () => {
    const p = ids['Sunrise Bakery']!;
    const [moved] = await t.database.db
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.projectId, p), eq(templates.name, 'festive_hampers')));
    const { agentId } = await whoAmI(t, owner);
    const res = await call<Template[]>(t.app, 'GET', `/api/${agentId}/template-detials/${moved!.id}`, { token: owner });
    const prices = (await lint(p)).body.prices!;
    expect(res.body[0]).toMatchObject({
      category: 'MARKETING',
      previousCategory: 'UTILITY',
      categoryChange: { from: prices.UTILITY, to: prices.MARKETING, currency: prices.currency, country: 'IN' },
    });
  });
});
