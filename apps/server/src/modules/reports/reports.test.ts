import http from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BillingReportResponse,
  billingReportColumns,
  ConversationReportResponse,
  conversationReportColumns,
  noAccess,
  type MessageEvent,
} from '@pc/contract';
import { call, signIn, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { csvRecords, parseCsv } from '../../../test/csv.js';
import { newId } from '../../platform/db/ids.js';
import { billingLogs, businesses, partners, projects } from '../../platform/db/schema.js';
import { makeAgent, makeRole } from '../../seed/factories.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makeWccFamily } from '../../seed/catalogue.js';

const KEY = 'test-platform-key-reports-0123456789';
let t: TestContext;
let owner: string;
let direct: string;
let billingsOnly: string;
let businessOnly: string;
let acmeId: string;
let project: { id: string; name: string };
/** A business and project whose names are formulas with commas, quotes and a line break. */
let tricky: { businessId: string; projectId: string };
const TRICKY_NAME = '=HYPERLINK("http://x"),\nthen +more';
const today = () => new Date().toISOString().slice(0, 10);

/** A report as the console downloads it: the CSV file (Accept: text/csv). */
const report = (url: string, body: unknown, token = owner) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
    payload: body as object,
  });
/** A report as the spec answers it by default: `{ logs }`. */
const logsOf = (url: string, body: unknown, accept?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${owner}`, ...(accept ? { accept } : {}) },
    payload: body as object,
  });

/** A billing log row written straight to the table (reports read; they never write). */
const log = (change: Partial<typeof billingLogs.$inferInsert>) =>
  t.database.db.insert(billingLogs).values({
    id: newId(),
    partnerId: acmeId,
    balance: 'CENTRAL',
    action: 'SUBTRACT',
    amount: 100_000,
    reasonCode: 'PLAN_PURCHASE',
    message: 'test',
    ...change,
  });

let seq = 0;
const event = (projectId: string, over: Partial<MessageEvent> = {}): MessageEvent => ({
  messageId: `report-m-${++seq}`,
  projectId,
  status: 'sent',
  category: 'marketing',
  initiator: 'business',
  country: 'IN',
  recipient: `91980000${String(seq).padStart(4, '0')}`,
  timestamp: '2024-08-10T10:00:00.000Z',
  ...over,
});
const ingest = async (events: MessageEvent[]) => {
  const res = await call(t.app, 'POST', '/platform/message-events', {
    body: { events },
    headers: { 'x-platform-key': KEY },
  });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: KEY } });
  [owner, direct] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'direct')]);
  const [acme] = await t.database.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
  acmeId = acme!.id;
  // A role that sees Billings but no businesses, and one the other way round.
  await makeRole(t.database.db, acmeId, 'Billing Clerk', { ...noAccess, billings: { read: true } });
  await makeRole(t.database.db, acmeId, 'Business Desk', { ...noAccess, business: { read: true, write: false } });
  await makeAgent(t.database.db, {
    partnerId: acmeId,
    userName: 'clerk',
    password: 'Clerk@1234',
    role: 'Billing Clerk',
  });
  await makeAgent(t.database.db, {
    partnerId: acmeId,
    userName: 'desk',
    password: 'Desk@12345',
    role: 'Business Desk',
  });
  [billingsOnly, businessOnly] = await Promise.all([
    signIn(t.app, 'clerk', 'Clerk@1234'),
    signIn(t.app, 'desk', 'Desk@12345'),
  ]);

  const [live] = await t.database.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.partnerId, acmeId), eq(projects.isWhatsappVerified, true)))
    .limit(1);
  project = live!;
  await log({
    projectId: project.id,
    reasonCode: 'META_AD_CREDIT_UPDATE',
    balance: 'AD_CREDIT',
    action: 'ADD',
    message: 'hidden ad credit',
    createdAt: new Date('2024-06-01T10:00:00Z'),
  });
  await log({
    projectId: project.id,
    reasonCode: 'PLAN_RENEWED',
    message: 'A renewal',
    createdAt: new Date('2024-06-02T10:00:00Z'),
  });
  await log({
    projectId: project.id,
    reasonCode: 'WCC_CREDIT_ADD',
    message: '=cmd|calc, "quoted"\nline',
    createdAt: new Date('2024-06-03T10:00:00Z'),
  });

  const family = await makeWccFamily(t.database.db, acmeId, 'Report test family', {
    IN: { mc: { INR: 90000, USD: 1000, inrMargin: 10000, usdMargin: 100 } },
  });
  const business = await makeBusiness(t.database.db, { partnerId: acmeId, displayName: TRICKY_NAME });
  await t.database.db
    .update(businesses)
    .set({ email: `archived__${business.email}` })
    .where(eq(businesses.id, business.id));
  const p = await makeProject(t.database.db, {
    partnerId: acmeId,
    businessId: business.id,
    name: TRICKY_NAME,
    wccPlanId: family.id,
    isWhatsappVerified: true,
    whatsappNumber: '+919811111111',
    openingCredit: 500_000,
  });
  tricky = { businessId: business.id, projectId: p.id };
  // Three marketing conversations (1.00 each from the template credit), one service conversation
  // after 1 Nov 2024 (free), and a second message to the first recipient inside its window (no new conversation).
  await ingest([
    event(p.id, { recipient: '919800000001' }),
    event(p.id, { recipient: '919800000001', timestamp: '2024-08-10T11:00:00.000Z' }),
    event(p.id, { recipient: '919800000002', timestamp: '2024-08-10T10:30:00.000Z' }),
    event(p.id, { recipient: '+919800000003', timestamp: '2024-08-11T09:30:00.000Z' }),
    event(p.id, { category: 'service', initiator: 'user', country: 'AE', timestamp: '2024-11-05T08:00:00.000Z' }),
  ]);
});
afterAll(() => t.close());

describe('billing report', () => {
  it("the partner's logs of the range with the spec's columns, oldest first, read back intact", async () => {
    const res = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2024-06-01',
      endDate: '2024-06-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...billingReportColumns]);
    const records = csvRecords(res.body);
    expect(records.map((r) => r.reasonCode)).toEqual(['PLAN_RENEWED', 'WCC_CREDIT_ADD']);
    // A formula is neutralised by a leading apostrophe, and the cell survives commas, quotes and a new line.
    expect(records[1]!.message).toBe(`'=cmd|calc, "quoted"\nline`);
    expect(records[1]).toMatchObject({
      projectId: project.id,
      amount: '1.00',
      action: 'SUBTRACT',
      createdAt: '2024-06-03T10:00:00.000Z',
    });
    expect(rows.every((r) => r.length === billingReportColumns.length)).toBe(true);
  });

  it('leaves out META_AD_CREDIT_UPDATE for a partner flagged so, as the billing list does', async () => {
    const body = (
      await report('/partner/:partnerId/partner-billing-report', { startDate: '2024-06-01', endDate: '2024-06-03' })
    ).body;
    expect(body).not.toContain('META_AD_CREDIT_UPDATE');
    const [acme] = await t.database.db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, acmeId));
    await t.database.db
      .update(partners)
      .set({ flags: { ...acme!.flags, hideMetaAdCreditUpdate: false } })
      .where(eq(partners.id, acmeId));
    try {
      expect(
        (await report('/partner/:partnerId/partner-billing-report', { startDate: '2024-06-01', endDate: '2024-06-03' }))
          .body,
      ).toContain('META_AD_CREDIT_UPDATE');
    } finally {
      await t.database.db.update(partners).set({ flags: acme!.flags }).where(eq(partners.id, acmeId));
    }
  });

  it('?assistantId= gives one project with the reason codes picked; ?clientId= one business, its archived email stripped', async () => {
    const one = csvRecords(
      (
        await report(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
          startDate: '2024-06-01',
          endDate: '2024-06-03',
          selectedReasonCodes: ['PLAN_RENEWED'],
        })
      ).body,
    );
    expect(one.map((r) => r.reasonCode)).toEqual(['PLAN_RENEWED']);
    const business = csvRecords(
      (
        await report(`/partner/:partnerId/partner-billing-report?clientId=${tricky.businessId}`, {
          startDate: '2023-04-25',
          endDate: today(),
        })
      ).body,
    );
    expect(business.map((r) => r.reasonCode)).toEqual([
      'TRIAL_CREDIT',
      'MESSAGE_DELIVERY_WCC',
      'MESSAGE_DELIVERY_WCC',
      'MESSAGE_DELIVERY_WCC',
    ]);
    expect(business[0]).toMatchObject({
      projectName: `'${TRICKY_NAME}`,
      businessName: `'${TRICKY_NAME}`,
      amount: '5.00',
      action: 'ADD',
      whatsappNumber: "'+919811111111",
    });
    expect(business[0]!.email).not.toContain('archived__');
    expect(business[0]!.email).toMatch(/@client\.example$/);
  });

  it("carries the project's current name and, for a log written without its business, the project's business, as the billing list does", async () => {
    const [before] = await t.database.db
      .select({ name: projects.name, businessId: projects.businessId })
      .from(projects)
      .where(eq(projects.id, project.id));
    await log({
      projectId: project.id,
      reasonCode: 'PLAN_SWITCH',
      message: 'no business on the entry',
      projectName: 'Old name',
      createdAt: new Date('2024-06-04T10:00:00Z'),
    });
    await t.database.db.update(projects).set({ name: 'Renamed For The Report' }).where(eq(projects.id, project.id));
    try {
      const rows = csvRecords(
        (
          await report(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
            startDate: '2024-06-04',
            endDate: '2024-06-04',
          })
        ).body,
      );
      const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, before!.businessId));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        projectName: 'Renamed For The Report',
        businessName: business!.displayName,
        businessContact: business!.contact,
      });
    } finally {
      await t.database.db.update(projects).set({ name: before!.name }).where(eq(projects.id, project.id));
    }
  });

  it('streams every row once across batches, even rows written in the same microsecond', async () => {
    await t.database.db.execute(
      sql.raw(`INSERT INTO billing_logs (id, partner_id, project_id, balance, action, amount, reason_code, message, created_at)
        SELECT 'same-us-' || lpad(i::text, 5, '0'), '${acmeId}', '${project.id}', 'CENTRAL', 'SUBTRACT', 100000, 'ADDON_RENEWAL', 'batch ' || i, '2024-07-01 10:00:00.123456+00'
        FROM generate_series(1, 12000) AS i`),
    );
    const res = await report(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
      startDate: '2024-07-01',
      endDate: '2024-07-01',
      selectedReasonCodes: ['ADDON_RENEWAL'],
    });
    const messages = csvRecords(res.body).map((r) => r.message);
    expect(messages).toHaveLength(12000);
    expect(new Set(messages).size).toBe(12000);
    // The JSON answer comes in batches of 5,000 too: the same rows, once each, in the same order.
    const json = await logsOf(`/partner/:partnerId/partner-billing-report?assistantId=${project.id}`, {
      startDate: '2024-07-01',
      endDate: '2024-07-01',
      selectedReasonCodes: ['ADDON_RENEWAL'],
    });
    expect(BillingReportResponse.parse(json.json()).logs.map((l) => l.message)).toEqual(messages);
  });

  it('a download the browser abandons half-way leaves the database usable (PostgreSQL drops the COPY connection)', async () => {
    await t.database.db.execute(
      sql.raw(`INSERT INTO billing_logs (id, partner_id, project_id, balance, action, amount, reason_code, message, created_at)
        SELECT 'abandoned-' || i, '${acmeId}', '${project.id}', 'CENTRAL', 'SUBTRACT', 100000, 'ADDON_RENEWAL', repeat('long message ', 20) || i, '2024-09-01'::timestamptz + i * interval '1 second'
        FROM generate_series(1, 60000) AS i`),
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // The browser goes away after the first bytes.
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          `${address}/partner/:partnerId/partner-billing-report`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json', accept: 'text/csv' },
          },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => {});
        req.end(JSON.stringify({ startDate: '2024-09-01', endDate: '2024-09-02' }));
        setTimeout(() => reject(new Error('no answer')), 10_000);
      });
      // On PostgreSQL the COPY's connection is given up, not left busy in the pool.
      const pool = t.database.pool;
      if (pool) await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
      // Every connection of the pool is usable again: as many reports at once as the pool has connections.
      const again = await Promise.all(
        Array.from({ length: 12 }, () =>
          report('/partner/:partnerId/partner-billing-report', { startDate: '2024-06-01', endDate: '2024-06-03' }),
        ),
      );
      expect(again.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      expect(again.every((r) => csvRecords(r.body).length === 2)).toBe(true);
    } finally {
      await t.database.db.execute(sql`DELETE FROM billing_logs WHERE id LIKE 'abandoned-%'`);
    }
  });

  it('needs Billings read, whatever its scope: Business read alone downloads no billing logs (403)', async () => {
    const range = { startDate: '2024-06-01', endDate: '2024-06-03' };
    expect((await report('/partner/:partnerId/partner-billing-report', range, billingsOnly)).statusCode).toBe(200);
    for (const scope of ['', `?clientId=${tricky.businessId}`]) {
      expect(
        (await report(`/partner/:partnerId/partner-billing-report${scope}`, range, businessOnly)).statusCode,
        scope || 'the partner',
      ).toBe(403);
    }
  });
});

describe('conversation reports', () => {
  const range = { startDate: '2024-08-01', endDate: '2024-11-30' };

  it("the partner's conversations of the range: one line each, charged, free or unbilled, read back intact", async () => {
    const res = await report('/partner/:partnerId/partner-convo-report', range);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)[0]).toEqual([...conversationReportColumns]);
    const mine = csvRecords(res.body).filter((r) => r.projectId === tricky.projectId);
    expect(mine).toHaveLength(4);
    expect(mine[0]).toMatchObject({
      projectName: `'${TRICKY_NAME}`,
      businessName: `'${TRICKY_NAME}`,
      whatsappNumber: "'+919811111111",
      category: 'marketing',
      initiator: 'business',
      recipient: '919800000001',
      countryCode: 'IN',
      billingStatus: 'CHARGED',
      chargedTo: 'TemplateCredit',
      amount: '1.00',
      createdAt: '2024-08-10T10:00:00.000Z',
    });
    expect(mine[2]!.recipient).toBe("'+919800000003");
    expect(mine[3]).toMatchObject({
      category: 'service',
      initiator: 'user',
      countryCode: 'AE',
      billingStatus: 'FREE',
      amount: '0.00',
    });
    expect(new Set(mine.map((r) => r.conversationId)).size).toBe(4);
  });

  it('the business and project forms cover only their own conversations', async () => {
    const business = csvRecords(
      (await report(`/partner/:partnerId/business/${tricky.businessId}/business-convo-report`, range)).body,
    );
    const project = csvRecords(
      (await report(`/partner/:partnerId/project/${tricky.projectId}/project-convo-report`, range)).body,
    );
    expect(business).toHaveLength(4);
    expect(project).toEqual(business);
    const august = csvRecords(
      (
        await report(`/partner/:partnerId/project/${tricky.projectId}/project-convo-report`, {
          startDate: '2024-08-10',
          endDate: '2024-08-10',
        })
      ).body,
    );
    expect(august.map((r) => r.recipient)).toEqual(['919800000001', '919800000002']);
  });

  it("another partner's business or project is not found, and the range is checked", async () => {
    expect(
      (await report(`/partner/:partnerId/business/${tricky.businessId}/business-convo-report`, range, direct))
        .statusCode,
    ).toBe(404);
    expect(
      (await report(`/partner/:partnerId/project/${tricky.projectId}/project-convo-report`, range, direct)).statusCode,
    ).toBe(404);
    expect(
      csvRecords((await report('/partner/:partnerId/partner-convo-report', range, direct)).body).filter(
        (r) => r.projectId === tricky.projectId,
      ),
    ).toEqual([]);
    expect(
      (await report('/partner/:partnerId/partner-convo-report', { startDate: '2023-01-01', endDate: today() }))
        .statusCode,
    ).toBe(400);
    expect(
      (await report('/partner/:partnerId/partner-convo-report', { startDate: '2024-01-01', endDate: '2999-01-01' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await report('/partner/:partnerId/partner-convo-report', { startDate: '2024-02-01', endDate: '2024-01-01' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('report ranges and access', () => {
  it('refuses ranges before 25 Apr 2023 or in the future with the message, and foreign businesses or projects', async () => {
    const early = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2023-01-01',
      endDate: today(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Reports start no earlier than 25 Apr 2023.');
    // The console sends the user's days as instants: 25 Apr 2023 in India starts at 18:30 UTC the day before.
    const india = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2023-04-24T18:30:00.000Z',
      endDate: '2023-04-25T18:29:59.999Z',
    });
    expect(india.statusCode).toBe(200);
    const dayBefore = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2023-04-24T09:59:59.999Z',
      endDate: '2023-04-25T18:29:59.999Z',
    });
    expect(dayBefore.statusCode).toBe(400);
    expect(
      (await report('/partner/:partnerId/partner-billing-report', { startDate: '2024-01-01', endDate: '2999-01-01' }))
        .statusCode,
    ).toBe(400);
    const unknownCode = await report('/partner/:partnerId/partner-billing-report', {
      startDate: '2024-01-01',
      endDate: today(),
      selectedReasonCodes: ["x' OR '1'='1"],
    });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json().message).toBe('Unknown reason code.');
    expect(
      (
        await report(
          `/partner/:partnerId/partner-billing-report?clientId=${tricky.businessId}`,
          { startDate: '2024-01-01', endDate: today() },
          direct,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await report(
          `/partner/:partnerId/partner-billing-report?assistantId=${project.id}`,
          { startDate: '2024-06-01', endDate: today() },
          direct,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe("the spec's answer: { logs } unless the caller asks for CSV", () => {
  const range = { startDate: '2024-06-01', endDate: '2024-06-03' };

  it('a billing report answers { logs } by default: the rows of the CSV as values, money in units, nothing escaped', async () => {
    const res = await logsOf('/partner/:partnerId/partner-billing-report', range);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/accept/i);
    const { logs } = BillingReportResponse.parse(res.json());
    expect(Object.keys(logs[0]!)).toEqual([...billingReportColumns]);
    expect(logs.map((l) => l.reasonCode)).toEqual(
      csvRecords((await report('/partner/:partnerId/partner-billing-report', range)).body).map((r) => r.reasonCode),
    );
    expect(logs[1]).toMatchObject({
      projectId: project.id,
      reasonCode: 'WCC_CREDIT_ADD',
      amount: 100_000,
      action: 'SUBTRACT',
      message: '=cmd|calc, "quoted"\nline',
      createdAt: '2024-06-03T10:00:00.000Z',
    });
    const business = BillingReportResponse.parse(
      (
        await logsOf(`/partner/:partnerId/partner-billing-report?clientId=${tricky.businessId}`, {
          startDate: '2023-04-25',
          endDate: today(),
        })
      ).json(),
    ).logs;
    expect(business[0]).toMatchObject({
      projectName: TRICKY_NAME,
      businessName: TRICKY_NAME,
      whatsappNumber: '+919811111111',
      reasonCode: 'TRIAL_CREDIT',
      amount: 500_000,
    });
    expect(business[0]!.email).not.toContain('archived__');
    expect(business[0]!.email).toMatch(/@client\.example$/);
  });

  it('a conversation report answers { logs } of the same conversations as its CSV', async () => {
    const convoRange = { startDate: '2024-08-01', endDate: '2024-11-30' };
    const url = `/partner/:partnerId/project/${tricky.projectId}/project-convo-report`;
    const { logs } = ConversationReportResponse.parse((await logsOf(url, convoRange)).json());
    expect(Object.keys(logs[0]!)).toEqual([...conversationReportColumns]);
    const csv = csvRecords((await report(url, convoRange)).body);
    expect(logs.map((l) => l.conversationId)).toEqual(csv.map((r) => r.conversationId));
    expect(logs[0]).toMatchObject({
      projectName: TRICKY_NAME,
      businessName: TRICKY_NAME,
      recipient: '919800000001',
      billingStatus: 'CHARGED',
      chargedTo: 'TemplateCredit',
      amount: 100_000,
      createdAt: '2024-08-10T10:00:00.000Z',
    });
    expect(logs[2]!.recipient).toBe('+919800000003');
    expect(logs[3]).toMatchObject({ billingStatus: 'FREE', chargedTo: null, amount: 0, countryCode: 'AE' });
  });

  it('answers CSV only when text/csv is preferred; wildcards and JSON keep { logs }', async () => {
    const url = '/partner/:partnerId/partner-convo-report';
    for (const accept of ['*/*', 'application/json', 'application/json, text/csv;q=0.5', 'text/html'])
      expect((await logsOf(url, range, accept)).headers['content-type'], accept).toMatch(/^application\/json/);
    for (const accept of ['text/csv', 'text/csv, application/json;q=0.9']) {
      const res = await logsOf(url, range, accept);
      expect(res.headers['content-type'], accept).toMatch(/^text\/csv/);
      expect(parseCsv(res.body)[0]).toEqual([...conversationReportColumns]);
    }
  });
});

describe('open-ended ranges', () => {
  const url = () => `/partner/:partnerId/partner-billing-report?assistantId=${project.id}`;
  const codes = (body: object) => ({ ...body, selectedReasonCodes: ['PARTNERSHIP_FEE'] });
  const messages = async (body: object) => {
    const res = await logsOf(url(), codes(body));
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    return BillingReportResponse.parse(res.json()).logs.map((l) => l.message);
  };

  it('a missing start is the first day reports cover and a missing end is now; null is missing', async () => {
    // On the first day reports cover (UTC), and a minute ago.
    await log({
      projectId: project.id,
      reasonCode: 'PARTNERSHIP_FEE',
      message: 'first day',
      createdAt: new Date('2023-04-25T05:00:00Z'),
    });
    await log({
      projectId: project.id,
      reasonCode: 'PARTNERSHIP_FEE',
      message: 'just now',
      createdAt: new Date(Date.now() - 60_000),
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await messages({})).toEqual(['first day', 'just now']);
    expect(await messages({ startDate: null, endDate: null })).toEqual(['first day', 'just now']);
    expect(await messages({ endDate: yesterday })).toEqual(['first day']);
    expect(await messages({ startDate: '2023-05-01' })).toEqual(['just now']);
    expect(csvRecords((await report(url(), codes({ startDate: null }))).body).map((r) => r.message)).toEqual([
      'first day',
      'just now',
    ]);
  });

  it('bad dates are still refused with their message', async () => {
    const refused = async (body: object, message: string) => {
      const res = await logsOf(url(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    };
    await refused({ startDate: 'yesterday' }, 'Invalid date');
    await refused({ endDate: '2024-13-45' }, 'Invalid date');
    await refused({ startDate: '' }, 'Invalid date');
    await refused({ endDate: '2023-04-01' }, 'Reports start no earlier than 25 Apr 2023.');
    await refused({ startDate: '2023-01-01' }, 'Reports start no earlier than 25 Apr 2023.');
    await refused({ endDate: '2999-01-01' }, 'A report cannot end in the future.');
    await refused({ startDate: '2999-01-01' }, 'The start date must not be after the end date.');
    const wrongType = await logsOf(url(), { startDate: 20240101 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/\S/);
  });
});
