import { expect, type APIRequestContext } from '@playwright/test';
import { demo, formulaSafe, platformKey, tokenFor, unique } from './helpers';
import { api, money } from './reports';

/** A WCC family's field for each charge type (the calls carry families one field per type, then country). */
const fieldOf = { mc: 'marketing', uc: 'utility', ac: 'authentication', sc: 'service' } as const;
type Charge = { INR: number; USD: number; inrMargin: number; usdMargin: number };

/**
 * The data the report specs (reports-*.spec.ts) read back, new and tricky: a business and a project
 * whose names carry a leading = or +, commas, quotes and a line break, and message events for that
 * project (real traffic posted to /platform/message-events). It costs Acme's central balance 0.98
 * (the project's template credit, spent on one conversation) plus 1.23 of conversations, as real
 * traffic would. Made once per worker (the specs run one after the other in one worker, which keeps
 * this module's promise), so the report specs cost the shared database what one spec file did.
 */
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
export const setUp = (request: APIRequestContext) => (world ??= makeWorld(request));
