import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, formulaSafe, platformKey, readCsv, signIn, snackbar, tokenFor, unique } from './helpers';

/** A WCC family's field for each charge type (the calls carry families one field per type, then country). */
const fieldOf = { mc: 'marketing', uc: 'utility', ac: 'authentication', sc: 'service' } as const;

/**
 * Every report the console downloads, read back: the Billings page's partner reports, one project's
 * Billings tab and one business's detail page, each a billing report (reason codes picked) and a
 * conversation report, downloaded as the demo owner and compared with what the API and the ledger
 * say. The data is new and tricky: a business and a project whose names carry a leading = or +,
 * commas, quotes and a line break, and message events for that project (real traffic posted to
 * /platform/message-events). It costs Acme's central balance 0.98 (the project's template credit,
 * spent on one conversation) plus 1.23 of conversations, as real traffic would.
 */

// The spec's billing report columns (doc 1 section 3); the conversation report's are the contract's
// conversationReportColumns (the spec names none).
const BILLING_COLUMNS = [
  'projectId',
  'projectName',
  'reasonCode',
  'amount',
  'action',
  'whatsappNumber',
  'businessContact',
  'email',
  'businessName',
  'message',
  'createdAt',
];
const CONVERSATION_COLUMNS = [
  'projectId',
  'projectName',
  'whatsappNumber',
  'businessName',
  'conversationId',
  'category',
  'initiator',
  'recipient',
  'countryCode',
  'billingStatus',
  'chargedTo',
  'amount',
  'createdAt',
];
const DOWNLOADED = 'Successfully downloaded report!';
/** A project's reports say it in document 2's words. */
const PROJECT_DOWNLOADED = 'Report successfully downloaded!';

type Log = {
  _id: string;
  projectId: string | null;
  assistantName: string | null;
  reasonCode: string;
  amount: number;
  action: string;
  whatsappNumber: string | null;
  businessContact: string | null;
  email: string | null;
  businessName: string | null;
  message: string;
  createdAt: string;
};
type Category = 'marketing' | 'utility' | 'authentication' | 'service';
type Charge = { INR: number; USD: number; inrMargin: number; usdMargin: number };
type Usage = Record<'balanceUsage' | 'templateCreditUsage', Record<Category, { count: number; amount: number }>>;

/** YYYY-MM-DD in the user's calendar (the dialog's dates), n days ago. */
const daysAgo = (n: number) => {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');
/** Money units (1/100000) as the reports write them: two decimals, half away from zero, no grouping. */
const money = (units: number) => {
  const cents = Math.floor((units + 500) / 1000);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

const api = async <T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'patch',
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> => {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}`, ...headers }, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

/** Every billing log the list call gives (the partner's, or one project's), oldest first as the reports write them. */
const allLogs = async (
  request: APIRequestContext,
  token: string,
  range: { from: string; to: string },
  projectId?: string,
) => {
  const logs: Log[] = [];
  for (;;) {
    const page = await api<{ partnerBillingLogs: Log[] }>(
      request,
      token,
      'post',
      '/api/partner-billing-activity-lists?sort=asc',
      { skip: logs.length, rowsPerPage: 100, assistantId: projectId ?? null, fromDate: range.from, toDate: range.to },
    );
    logs.push(...page.partnerBillingLogs);
    if (page.partnerBillingLogs.length < 100) return logs;
  }
};

/** A billing log as the billing report writes it: what people typed made formula-safe, the archive marker off the email. */
const billingLine = (l: Log) => [
  l.projectId ?? '',
  formulaSafe(l.assistantName ?? ''),
  l.reasonCode,
  money(l.amount),
  l.action,
  formulaSafe(l.whatsappNumber ?? ''),
  formulaSafe(l.businessContact ?? ''),
  formulaSafe((l.email ?? '').replace(/^(archived__)+/, '')),
  formulaSafe(l.businessName ?? ''),
  formulaSafe(l.message),
  l.createdAt,
];

/** The tricky data: a new business and live project of Acme, a little template credit, and traffic. */
type World = {
  businessId: string;
  businessName: string;
  projectId: string;
  projectName: string;
  number: string;
  conversations: string[][];
};
let world: Promise<World> | undefined;
const makeWorld = async (request: APIRequestContext): Promise<World> => {
  const token = await tokenFor(request, demo.owner);
  const run = unique();
  const businessName = `=Tricky, "Quoted" Co ${run}\nSecond line`;
  const projectName = `+Kite, "Report" ${run}`;
  const family = (
    await api<{ planFamily: Array<{ _id: string }> }>(request, token, 'get', '/api/get-partner-plan-families')
  ).planFamily[0]!;
  const wcc = (
    await api<{
      wccPlan: Array<{ _id: string } & Record<(typeof fieldOf)[keyof typeof fieldOf], Record<string, Charge>>>;
    }>(request, token, 'get', '/api/get-partner-wcc-plans')
  ).wccPlan[0]!;
  const { business } = await api<{ business: { _id: string } }>(
    request,
    token,
    'post',
    '/partner/:partnerId/business/',
    {
      email: `reports-${run}@e2e.example`,
      display_name: businessName,
      company: '-Minus, Co',
      contact: '+919811100000',
      companySize: '1 - 10',
      industry: 'Gaming',
    },
  );
  const { project } = await api<{ project: { _id: string } }>(
    request,
    token,
    'post',
    `/partner/:partnerId/business/${business._id}/project`,
    {
      name: projectName,
      planFamilyId: family._id,
      planName: 'FREE_FOREVER',
      wccId: wcc._id,
    },
  );
  // Live through the sandbox's embedded sign-up, as the project detail spec does in the browser.
  const { link } = await api<{ link: string }>(request, token, 'post', '/api/generate-waba-link/', {
    assistantId: project._id,
  });
  // Ending in 0: a healthy number of the sandbox (101 to 109 pick onboarding scenarios).
  const number = `9198${String(Date.now()).slice(-7)}0`;
  const dialog = new URL(link);
  const redirectUri = dialog.searchParams.get('redirect_uri')!;
  const login = await request.post('/sandbox/facebook/login', {
    data: {
      scopes: dialog.searchParams.get('scope')!.split(','),
      redirectUri,
      phoneNumber: number,
      businessName: projectName,
    },
  });
  const back = new URL(redirectUri);
  back.searchParams.set('code', ((await login.json()) as { code: string }).code);
  back.searchParams.set('state', dialog.searchParams.get('state')!);
  const done = await request.get(`${back.pathname}${back.search}`);
  expect(done.ok(), await done.text()).toBe(true);

  // The partner's price: provider price plus margin, for the country (else default) and category.
  const price = (country: string, type: 'mc' | 'uc' | 'ac' | 'sc') => {
    const byCountry = wcc[fieldOf[type]];
    const c = (byCountry[country] ?? byCountry.default)!;
    return c.INR + Math.max(0, c.inrMargin);
  };
  // Template credit of exactly one IN marketing conversation: that one is paid from it, the others from the central balance.
  await api(
    request,
    token,
    'patch',
    `/partner/:partnerId/project/${project._id}/billing/wcc`,
    { amount: price('IN', 'mc'), action: 'ADD' },
    { 'Idempotency-Key': `e2e-reports-${run}` },
  );
  const yesterday = new Date(Date.now() - 86_400_000);
  yesterday.setUTCHours(9, 0, 0, 0);
  const traffic = [
    {
      category: 'marketing',
      initiator: 'business',
      country: 'IN',
      recipient: '+919800000101',
      status: 'CHARGED',
      chargedTo: 'TemplateCredit',
      amount: price('IN', 'mc'),
    },
    {
      category: 'utility',
      initiator: 'business',
      country: 'in',
      recipient: '@desk, "ops" 02',
      status: 'CHARGED',
      chargedTo: 'CentralBalance',
      amount: price('IN', 'uc'),
    },
    {
      category: 'authentication',
      initiator: 'business',
      country: 'GB',
      recipient: '-447700900103',
      status: 'CHARGED',
      chargedTo: 'CentralBalance',
      amount: price('GB', 'ac'),
    },
    // A service message within the number's free service messages of the month: no ledger entry.
    {
      category: 'service',
      initiator: 'user',
      country: 'GB',
      recipient: '447700900104',
      status: 'FREE',
      chargedTo: '',
      amount: 0,
    },
  ] as const;
  const events = traffic.map((t, i) => ({
    messageId: `e2e-reports-${run}-${i}`,
    projectId: project._id,
    status: 'sent',
    category: t.category,
    initiator: t.initiator,
    country: t.country,
    recipient: t.recipient,
    timestamp: new Date(yesterday.getTime() + i * 60_000).toISOString(),
  }));
  const posted = await request.post('/platform/message-events', {
    headers: { 'X-Platform-Key': platformKey() },
    data: { events },
  });
  // Meta prices each message on its own since 1 July 2025: four messages priced, no conversation.
  expect(await posted.json()).toEqual({
    accepted: 4,
    duplicates: 0,
    conversations: 0,
    messages: 4,
    inbound: 0,
    rejected: [],
  });
  // The report's lines but the conversation id (the platform does not know it), oldest first.
  const conversations = traffic.map((t, i) => [
    project._id,
    formulaSafe(projectName),
    number,
    formulaSafe(businessName),
    t.category,
    t.initiator,
    formulaSafe(t.recipient),
    t.country.toUpperCase(),
    t.status,
    t.chargedTo,
    money(t.amount),
    events[i]!.timestamp,
  ]);
  return { businessId: business._id, businessName, projectId: project._id, projectName, number, conversations };
};
const setUp = (request: APIRequestContext) => (world ??= makeWorld(request));

/** Opens a report dialog by its button, picks the range (and reason codes), downloads and reads the file back. */
const download = async (
  page: Page,
  button: string,
  range: { from: string; to: string },
  codes: string[] = [],
  success = DOWNLOADED,
) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (range.from) await dialog.getByLabel('From').fill(range.from);
  if (range.to) await dialog.getByLabel('To').fill(range.to);
  if (codes.length) {
    await dialog.getByLabel('Reason Codes').click();
    for (const code of codes) await page.getByRole('option', { name: code, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await downloading;
  await expect(snackbar(page, success).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const text = fs.readFileSync((await file.path())!, 'utf8');
  const [header, ...rows] = readCsv(text);
  return { name: file.suggestedFilename(), text, header, rows };
};

/** The conversation report's lines of one project, without the conversation id (checked apart: one per line, all different). */
const conversationLines = (rows: string[][], projectId: string) => {
  const mine = rows.filter((r) => r[0] === projectId);
  const ids = mine.map((r) => r[4]);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) expect(id).toMatch(/^\S+$/);
  return mine.map((r) => [...r.slice(0, 4), ...r.slice(5)]);
};

/** Lines oldest first: by createdAt (the last cell, ISO times compare as text). */
const expectOldestFirst = (rows: string[][]) => {
  const times = rows.map((r) => r[r.length - 1]!);
  expect(times).toEqual([...times].sort());
};

test('the Billings page: the partner billing report (reason codes picked) and conversation report read back as the ledger and the dashboard say', async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  const token = await tokenFor(request, demo.owner);
  const range = { from: daysAgo(7), to: daysAgo(0) };
  await signIn(page, request, demo.owner, '/billings');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  const codes = ['WCC_CREDIT_ADD', 'MESSAGE_DELIVERY_WCC', 'MESSAGE_DELIVERY_CENTRAL'];
  const billing = await download(page, 'Billing Report', range, codes);
  expect(billing.name).toBe(`Business_Billing_Report_${range.from}_to_${range.to}.csv`);
  expect(billing.header).toEqual(BILLING_COLUMNS);
  // Exactly the partner's logs of those codes in the range, as the list call gives them; but the
  // project name: the report keeps the name the entry was written under, the list shows the
  // project's name now (another spec renames one), so that cell is checked on this spec's project.
  const logs = (await allLogs(request, token, range)).filter((l) => codes.includes(l.reasonCode));
  const butName = (line: string[]) => line.filter((_, i) => i !== 1);
  expect(billing.rows.map(butName)).toEqual(logs.map(billingLine).map(butName));
  // The tricky cells, as a spreadsheet will show them: apostrophe first, commas, quotes and the line break kept.
  const mine = billing.rows.filter((r) => r[0] === w.projectId);
  // (Lines written in one transaction share their time, so their order is the ids'.)
  expect(mine.map((r) => r[2]).sort()).toEqual([
    'MESSAGE_DELIVERY_CENTRAL',
    'MESSAGE_DELIVERY_CENTRAL',
    'MESSAGE_DELIVERY_WCC',
    'WCC_CREDIT_ADD',
    'WCC_CREDIT_ADD',
  ]);
  for (const r of mine) {
    expect(r[1]).toBe(`'${w.projectName}`);
    expect(r[8]).toBe(`'${w.businessName}`);
  }
  expect(billing.text).toContain(`"'=Tricky, ""Quoted"" Co`);

  const conversations = await download(page, 'Conversation Report', range);
  expect(conversations.name).toBe(`Business_Conversation_Report_${range.from}_to_${range.to}.csv`);
  expect(conversations.header).toEqual(CONVERSATION_COLUMNS);
  expect(conversationLines(conversations.rows, w.projectId)).toEqual(w.conversations);
  expectOldestFirst(conversations.rows);
  // Every conversation (since 1 July 2025, every message) of the partner is one line: per category and
  // balance, as many as the dashboard counts; a message that failed undelivered (FAILED, refunded) is
  // listed and counts for nothing.
  const usage = await api<Usage>(
    request,
    token,
    'get',
    `/api/dashboard-usage?fromDate=${range.from}&toDate=${range.to}`,
  );
  for (const category of ['marketing', 'utility', 'authentication', 'service'] as const) {
    const of = conversations.rows.filter((r) => r[5] === category && r[9] !== 'FAILED');
    expect(of.filter((r) => r[10] === 'TemplateCredit').length, `${category} on template credit`).toBe(
      usage.templateCreditUsage[category].count,
    );
    expect(of.filter((r) => r[10] !== 'TemplateCredit').length, `${category} on the central balance`).toBe(
      usage.balanceUsage[category].count,
    );
  }
});

test("a project's Billings tab: the project billing and conversation reports read back as its ledger says", async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  const token = await tokenFor(request, demo.owner);
  const range = { from: '2023-04-25', to: daysAgo(0) };
  await signIn(page, request, demo.owner, `/assistants/${w.projectId}?tab=billings`);
  await expect(page.getByRole('columnheader', { name: 'Reason Code' })).toBeVisible();

  const codes = ['MESSAGE_DELIVERY_WCC', 'MESSAGE_DELIVERY_CENTRAL'];
  const billing = await download(page, 'Billing Report', range, codes, PROJECT_DOWNLOADED);
  expect(billing.name).toBe(`Project_Billing_Report_${ddmmyyyy(range.from)}_to_${ddmmyyyy(range.to)}.csv`);
  expect(billing.header).toEqual(BILLING_COLUMNS);
  const ledger = await allLogs(request, token, range, w.projectId);
  const charges = ledger.filter((l) => codes.includes(l.reasonCode));
  expect(charges).toHaveLength(3);
  expect(billing.rows).toEqual(charges.map(billingLine));
  expect(billing.rows.map((r) => [r[1], r[5], r[8], r[9]]).sort()).toEqual([
    [`'${w.projectName}`, w.number, `'${w.businessName}`, 'Authentication message (GB)'],
    [`'${w.projectName}`, w.number, `'${w.businessName}`, 'Marketing message (IN)'],
    [`'${w.projectName}`, w.number, `'${w.businessName}`, 'Utility message (IN)'],
  ]);

  const conversations = await download(page, 'Conversation Report', range, [], PROJECT_DOWNLOADED);
  expect(conversations.name).toBe(`Project_Conversation_Report_${ddmmyyyy(range.from)}_to_${ddmmyyyy(range.to)}.csv`);
  // No day picked: from the first day reports cover to today, and the name says Start and End (doc 2 section 7.5).
  const whole = await download(page, 'Billing Report', { from: '', to: '' }, codes, PROJECT_DOWNLOADED);
  expect(whole.name).toBe('Project_Billing_Report_Start_to_End.csv');
  expect(whole.rows).toEqual(billing.rows);
  expect(conversations.header).toEqual(CONVERSATION_COLUMNS);
  expect(conversations.rows.every((r) => r[0] === w.projectId)).toBe(true);
  expect(conversationLines(conversations.rows, w.projectId)).toEqual(w.conversations);
  // The charged conversations are the ledger's charges: the same amounts from the same balances.
  const charged = (balance: string) =>
    conversations.rows
      .filter((r) => r[10] === balance)
      .map((r) => r[11])
      .sort();
  const debited = (code: string) =>
    ledger
      .filter((l) => l.reasonCode === code)
      .map((l) => money(l.amount))
      .sort();
  expect(charged('TemplateCredit')).toEqual(debited('MESSAGE_DELIVERY_WCC'));
  expect(charged('CentralBalance')).toEqual(debited('MESSAGE_DELIVERY_CENTRAL'));
});

test("a business's detail page: the business billing and conversation reports read back as the ledger says", async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  const token = await tokenFor(request, demo.owner);
  const range = { from: daysAgo(2), to: daysAgo(0) };
  await signIn(page, request, demo.owner, `/businesses/${w.businessId}`);
  await expect(page.getByRole('button', { name: 'Conversation Report', exact: true })).toBeVisible();

  const billing = await download(page, 'Billing Report', range, ['WCC_CREDIT_ADD']);
  expect(billing.name).toBe(`Business_Billing_Report_${range.from}_to_${range.to}.csv`);
  expect(billing.header).toEqual(BILLING_COLUMNS);
  // The business has one project: its logs are the business's.
  const logs = (await allLogs(request, token, range, w.projectId)).filter((l) => l.reasonCode === 'WCC_CREDIT_ADD');
  expect(billing.rows).toEqual(logs.map(billingLine));
  // Credit bought with the central balance: two lines of one amount, the central balance's and the credit's.
  expect(billing.rows.map((r) => r[4]).sort()).toEqual(['ADD', 'SUBTRACT']);
  expect(billing.rows.map((r) => r[9])).toEqual([
    `WCC credit added to project ${w.projectName}`,
    `WCC credit added to project ${w.projectName}`,
  ]);

  const conversations = await download(page, 'Conversation Report', range);
  expect(conversations.name).toBe(`Business_Conversation_Report_${range.from}_to_${range.to}.csv`);
  expect(conversations.header).toEqual(CONVERSATION_COLUMNS);
  expect(conversations.rows).toHaveLength(w.conversations.length);
  expect(conversationLines(conversations.rows, w.projectId)).toEqual(w.conversations);
});

test('a refused range shows the server\'s message; no answer at all shows "Error downloading report!"', async ({
  page,
  request,
}) => {
  const w = await setUp(request);
  await signIn(page, request, demo.owner, `/businesses/${w.businessId}`);
  const range = { from: daysAgo(1), to: daysAgo(0) };
  // The dialog offers no future date, so the request is changed on its way: the server refuses it.
  await page.route('**/business-convo-report', (route) =>
    route.continue({
      postData: JSON.stringify({ startDate: range.from, endDate: `${new Date().getFullYear() + 1}-01-01` }),
    }),
  );
  await page.getByRole('button', { name: 'Conversation Report', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('From').fill(range.from);
  await dialog.getByLabel('To').fill(range.to);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(snackbar(page, 'A report cannot end in the future.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.unroute('**/business-convo-report');
  await page.route('**/business-convo-report', (route) => route.abort());
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(snackbar(page, 'Error downloading report!')).toBeVisible();
  await expect(snackbar(page, DOWNLOADED)).toHaveCount(0);
});
