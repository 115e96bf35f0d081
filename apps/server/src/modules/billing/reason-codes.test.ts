import { readFileSync } from 'node:fs';
import { and, eq, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonCodeMeanings, reasonCodes, type LedgerMove, type ReasonCode } from '@pc/contract';
import { call, signIn, startTestApp, type TestContext } from '../../../test/harness.js';
import { billingLogs, partners } from '../../platform/db/schema.js';
import { runRenewals } from '../renewals/index.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { makePlanFamily, makeWccFamily } from '../../seed/catalogue.js';
import { makeAgent, makePartner } from '../../seed/factories.js';

/**
 * The 19 reason codes as `packages/contract/src/ledger.ts` defines them: every call of the console
 * and the charging writes the codes said to be theirs, with the rows said, and no other; the
 * reason codes table of docs/ledger.md lists the same 19.
 */
const INR = 100000;
const KEY = 'reason-codes-platform-key';
let t: TestContext;
let partnerId: string;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ env: { PLATFORM_API_KEY: KEY } });
  const partner = await makePartner(t.deps.db, {
    name: 'Codes Partner',
    centralBalance: 100_000 * INR,
    addons: { FLOW_BUILDER: { name: 'FLOW_BUILDER', status: 'ACTIVE', price: { INR: 499 * INR, USD: 6 * INR } } },
  });
  partnerId = partner.id;
  await makeAgent(t.deps.db, { partnerId, userName: 'codes', password: 'Codes@1234', email: 'codes@codes.example' });
  token = await signIn(t.app, 'codes', 'Codes@1234');
});
afterAll(() => t.close());

describe('reason codes', () => {
  it('every console call and the charging write the codes and rows the contract gives them', async () => {
    const db = t.deps.db;
    const family = await makePlanFamily(db, partnerId, 'Codes Plans');
    const wcc = await makeWccFamily(db, partnerId, 'Codes WCC');
    const business = await makeBusiness(db, { partnerId, displayName: 'Codes Client' });
    const project = await makeProject(db, {
      partnerId,
      businessId: business.id,
      name: 'Codes Project',
      familyId: family.id,
      activePlan: 'FREE_FOREVER',
      wccPlanId: wcc.id,
      isWhatsappVerified: true,
    });
    const send = async (
      method: 'POST' | 'PATCH',
      path: string,
      body: unknown,
      headers: Record<string, string> = {},
    ) => {
      const res = await call(t.app, method, path, { token, body, headers });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    };
    const billing = `/partner/:partnerId/project/${project.id}/billing`;
    await send('PATCH', `${billing}/wcc`, { amount: 10 * INR, action: 'ADD' });
    await send('PATCH', `${billing}/wcc`, { amount: 9 * INR, action: 'SUBTRACT' });
    await send('PATCH', `${billing}/pwc`, { amount: 5 * INR, action: 'ADD' });
    await send('PATCH', `${billing}/pwc`, { amount: 2 * INR, action: 'SUBTRACT' });
    await send('PATCH', `${billing}/adCredit`, { amount: 3 * INR, action: 'ADD' });
    await send('PATCH', `${billing}/switch-plan`, { newFamilyId: family.id, newPlanId: 'BASIC_MONTHLY' });
    await send('PATCH', `${billing}/switch-plan`, { newFamilyId: family.id, newPlanId: 'PRO_MONTHLY' });
    await send('PATCH', `/partner/:partnerId/stop-project-billing/${project.id}`, undefined);
    await send('PATCH', `${billing}/reactivate-project`, { familyId: family.id, defaultPlan: 'BASIC_MONTHLY' });
    await send('POST', `/partner/:partnerId/project/${project.id}/addon`, { addon: 'FLOW_BUILDER' });
    await send('PATCH', `/partner/:partnerId/project/${project.id}/addon`, { addon: 'FLOW_BUILDER', flowCount: 15 });
    // 1 INR of WCC credit is left: the first message (0.98 INR) takes it, the second the central balance.
    const event = (n: number) => ({
      messageId: `codes-${n}`,
      projectId: project.id,
      status: 'sent',
      category: 'marketing',
      initiator: 'business',
      country: 'IN',
      recipient: `r${n}`,
      timestamp: new Date().toISOString(),
    });
    const ingested = await call(t.app, 'POST', '/platform/message-events', {
      body: { events: [event(1), event(2)] },
      headers: { 'x-platform-key': KEY },
    });
    expect(ingested.body).toMatchObject({ messages: 2 });
    // The second message fails undelivered: its price goes back to the central balance.
    const failed = { ...event(2), status: 'failed', timestamp: new Date(Date.now() + 1000).toISOString() };
    await call(t.app, 'POST', '/platform/message-events', {
      body: { events: [failed] },
      headers: { 'x-platform-key': KEY },
    });
    // The renewals job, a month and more on: the plan's and the flow builder's next periods, and the
    // partner's partnership fee, due today.
    await db
      .update(partners)
      .set({ partnershipFee: 1000 * INR, partnershipRenewalOn: new Date().toISOString().slice(0, 10) })
      .where(eq(partners.id, partnerId));
    t.clock.now = new Date(Date.now() + 40 * 86_400_000);
    await runRenewals(t.deps);
    t.clock.now = new Date();

    // The super-admin's calls on the partner's central balance (partners as accounts): a recharge,
    // corrections either way, and the partnership fee just charged given back.
    const admin = await signIn(t.app, 'admin', 'Admin@123');
    const asAdmin = async (path: string, body?: unknown) => {
      const res = await call(t.app, 'POST', `/superadmin/partners/${partnerId}${path}`, { token: admin, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    };
    await asAdmin('/recharge', { amount: 100 * INR, paymentId: 'pay_Codes000000001', orderId: 'order_Codes000000001' });
    await asAdmin('/correction', { action: 'ADD', amount: 5 * INR, reason: 'Codes correction' });
    await asAdmin('/correction', { action: 'SUBTRACT', amount: 2 * INR, reason: 'Codes correction back' });
    await asAdmin('/partnership-refund');

    // Every row of these calls names the project, its central-balance side too; the partner's own
    // (its partnership fee and refund, recharges and corrections) name none.
    const rows = await db
      .select()
      .from(billingLogs)
      .where(
        and(
          eq(billingLogs.partnerId, partnerId),
          or(eq(billingLogs.projectId, project.id), isNull(billingLogs.projectId)),
        ),
      );
    const written = new Map<ReasonCode, LedgerMove[]>();
    for (const r of rows)
      written.set(r.reasonCode as ReasonCode, [
        ...(written.get(r.reasonCode as ReasonCode) ?? []),
        `${r.balance} ${r.action}`,
      ]);

    const ours = reasonCodes.filter((code) => reasonCodeMeanings[code].source !== 'outside');
    expect([...written.keys()].sort()).toEqual([...ours].sort());
    for (const [code, moves] of written) {
      const declared = reasonCodeMeanings[code].rows;
      if ('all' in declared) {
        // A transfer: each occurrence writes every listed row once, so the moves come in equal numbers.
        const times = moves.length / declared.all.length;
        expect(moves.toSorted(), code).toEqual(
          declared.all.flatMap((m) => Array<LedgerMove>(times).fill(m)).toSorted(),
        );
      } else {
        for (const move of moves) expect(declared.one, code).toContain(move);
      }
    }
  });

  it('the reason codes table of docs/ledger.md lists the same 19 codes', () => {
    const page = readFileSync(new URL('../../../../../docs/ledger.md', import.meta.url), 'utf8');
    const section = page.slice(page.indexOf('\n## Reason codes\n'), page.indexOf('\n## Idempotency-Key\n'));
    const listed = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(reasonCodes).toHaveLength(19);
    expect(listed).toEqual([...reasonCodes]);
  });
});
