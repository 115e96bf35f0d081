import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  projectMessages,
  templateMessages as m,
  type CreateTemplateResponse,
  type DirectListTemplatesResponse,
  type Template,
  type TemplateComponent,
} from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { templates } from '../../platform/db/schema.js';
import { invalidCursor } from './cursor.js';
import { projectIdOf, templateRowsOf, whoAmI } from './test-fixture.js';

let t: TestContext;
let direct: string;
let owner: string;
let corner: string;

beforeAll(async () => {
  t = await startTestApp();
  [direct, owner] = await Promise.all([signInAs(t.app, 'direct'), signInAs(t.app, 'owner')]);
  corner = await projectIdOf(t, 'Corner Store');
});
afterAll(() => t.close());

const components: TemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Your order' },
  {
    type: 'BODY',
    text: 'Hi {{1}}, your basket {{2}} is ready for pickup at the counter today.',
    example: { body_text: [['Arun', 'B-12']] },
  },
  { type: 'FOOTER', text: 'Corner Store' },
  { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'On my way' }] },
];
const create = (body: object, token = direct) =>
  call<CreateTemplateResponse & { fields?: Record<string, string> }>(
    t.app,
    'POST',
    '/api/direct-api-partner/templates',
    {
      token,
      body: { projectId: corner, name: 'basket_ready', language: 'en', category: 'UTILITY', components, ...body },
    },
  );
const list = (body: object, projectId = corner, token = direct) =>
  call<DirectListTemplatesResponse & { message?: string }>(
    t.app,
    'POST',
    `/api/direct-api-partner/templates/project/${projectId}`,
    { token, body: { projectId, ...body } },
  );
const search = (body: object, token = direct) =>
  call<{ templates: Template[]; totalprojects: number; message?: string }>(
    t.app,
    'POST',
    '/api/direct-api-partner/templates/search',
    { token, body: { projectId: corner, ...body } },
  );

describe('POST /api/direct-api-partner/templates', () => {
  it("creates from Meta's components: 200, 'Template submit successful', the id and the template", async () => {
    const res = await create({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: m.submitSuccessful,
      name: 'basket_ready',
      status: 'PENDING',
      type: 'TEXT',
      headerText: 'Your order',
      footerText: 'Corner Store',
      actionType: 'QuickReplies',
      quickReplies: ['On my way'],
      templateParams: ['Arun', 'B-12'],
      sampleMessage: 'Hi Arun, your basket B-12 is ready for pickup at the counter today.',
    });
    const { agentId } = await whoAmI(t, direct);
    const read = await call<Template[]>(t.app, 'GET', `/api/${agentId}/template-detials/${res.body.id}`, {
      token: direct,
    });
    expect(read.body[0]!.format).toBe(`${components[1]!.text} | [On my way]`);
  });

  it("judges the components by the console's rules, in order, and changes nothing on a failure", async () => {
    const before = await templateRowsOf(t, corner);
    const res = await create({
      name: 'long_footer',
      components: [components[1]!, { type: 'FOOTER', text: 'x'.repeat(61) }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.footerTooLong);
    const noSamples = await create({ name: 'no_samples', components: [{ type: 'BODY', text: components[1]!.text }] });
    expect(noSamples.body.message).toBe(m.sampleValuesMissing);
    expect(await templateRowsOf(t, corner)).toEqual(before);
  });

  it('is for DIRECT partners only (400), on their own projects (404 otherwise)', async () => {
    const acmeProject = await projectIdOf(t, 'Metro Reminders');
    const res = await create({ projectId: acmeProject, name: 'not_direct' }, owner);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(projectMessages.onlyForDirect);
    expect((await create({ projectId: acmeProject, name: 'foreign' })).status).toBe(404);
  });
});

describe('POST /api/direct-api-partner/templates/project/{projectId}', () => {
  it('pages newest first with an opaque cursor that covers every template exactly once', async () => {
    // Ties in created_at (ordered by id) and instants finer than a millisecond must not lose or repeat rows.
    t.clock.now = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < 4; i += 1)
      await call(t.app, 'POST', `/project/${corner}/wa_template/draft`, { token: direct, body: { name: `tie_${i}` } });
    t.clock.now = new Date();
    const micros = sql<string>`(extract(epoch from ${templates.createdAt}) * 1000000)::bigint::text`;
    // Moved by a constant read first: a distributed database adds no interval to a column in an UPDATE.
    const [tie] = await t.database.db.select({ micros }).from(templates).where(eq(templates.name, 'tie_0'));
    await t.database.db
      .update(templates)
      .set({
        createdAt: sql`timestamptz 'epoch' + ${String(BigInt(tie!.micros) + 417n)}::bigint * interval '1 microsecond'`,
      })
      .where(eq(templates.name, 'tie_0'));
    const rows = await t.database.db
      .select({ id: templates.id, micros })
      .from(templates)
      .where(eq(templates.projectId, corner));
    const expected = rows
      .sort(
        (a, b) =>
          (BigInt(b.micros) > BigInt(a.micros) ? 1 : BigInt(b.micros) < BigInt(a.micros) ? -1 : 0) ||
          (b.id < a.id ? -1 : 1),
      )
      .map((r) => r.id);
    expect(expected.length).toBeGreaterThan(15);
    for (const limit of [undefined, 3, 100]) {
      const seen: string[] = [];
      let after = '';
      for (let pages = 0; pages < 50; pages += 1) {
        const res = await list({ ...(limit ? { limit } : {}), after });
        expect(res.status).toBe(200);
        expect(res.body.totalprojects).toBe(expected.length);
        expect(res.body.templates.length).toBeLessThanOrEqual(limit ?? 10);
        seen.push(...res.body.templates.map((x) => x._id));
        after = res.body.after;
        if (!after) break;
      }
      expect(seen).toEqual(expected);
    }
  });

  it('refuses a cursor it did not make (400), another partner (400) and another project (404)', async () => {
    for (const after of ['garbage', Buffer.from("1.x' or '1").toString('base64url')]) {
      const res = await list({ after });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(invalidCursor);
    }
    const acmeProject = await projectIdOf(t, 'Metro Reminders');
    expect((await list({}, acmeProject)).status).toBe(404);
    expect((await list({}, acmeProject, owner)).body.message).toBe(projectMessages.onlyForDirect);
  });
});

describe('POST /api/direct-api-partner/templates/search', () => {
  it('answers the first 25 whose name or label holds the text, and how many there are', async () => {
    const res = await search({ filter: 'ORDER' });
    expect(res.status).toBe(200);
    expect(res.body.templates.map((x) => x.name).sort()).toEqual(['order_delivered', 'order_packed']);
    expect(res.body.totalprojects).toBe(2);
    const all = await search({ filter: '' });
    expect(all.body.templates).toHaveLength(Math.min(25, all.body.totalprojects));
    expect((await search({ filter: 'order' }, owner)).status).toBe(404);
  });
});
