import { and, eq, like, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adsLoginScopes, type AdAccountsResponse, type PagesResponse } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import type { Tx } from '../../platform/db/open.js';
import { billingLogs, metaAds, partnerBalances, projectMetaAds, projects } from '../../platform/db/schema.js';
import { debitSpend } from './spend.js';
import { SYNC_PROJECT_JOB } from './sync.js';

/** Ad spend debits the project's Meta Ads credit through the ledger, never below zero. */
let t: TestContext;
let owner = '';
let acme = '';
let project = '';
const INR = 100000;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  const [row] = await t.database.db
    .select()
    .from(projects)
    .where(and(eq(projects.partnerId, acme), eq(projects.name, 'Sunrise Bakery')));
  project = row!.id;
  await t.database.db
    .update(projects)
    .set({ addons: { META_ADS: { status: 'ACTIVE', dashboardKey: 'dash-1' } } })
    .where(eq(projects.id, project));
});
afterAll(() => t.close());

const post = <T>(path: string, body: object) =>
  call<T>(t.app, 'POST', `/meta-ads/${path}`, { token: owner, body: { assistantId: project, ...body } });
const creditOf = async () =>
  (await t.database.db.select({ c: projects.metaAdsCredit }).from(projects).where(eq(projects.id, project)))[0]!.c;
const topUp = (amount: number) =>
  call(t.app, 'PATCH', `/partner/${acme}/project/${project}/billing/adCredit`, {
    token: owner,
    body: { amount, action: 'ADD' },
  });
const sync = () =>
  t.app.jobHandlers[SYNC_PROJECT_JOB]!({
    id: 'sync',
    kind: SYNC_PROJECT_JOB,
    payload: { projectId: project },
    attempts: 1,
    maxAttempts: 3,
  });
/** The sync's debits (the demo's history has ad credit entries of its own). */
const spendRows = () =>
  t.database.db
    .select()
    .from(billingLogs)
    .where(
      and(
        eq(billingLogs.projectId, project),
        eq(billingLogs.reasonCode, 'META_AD_CREDIT_UPDATE'),
        like(billingLogs.message, 'Meta Ads spend on %'),
      ),
    );

describe('the sync', () => {
  it('reads the ads, debits their spend day by day, pauses them at Meta when the credit runs out', async () => {
    // Connected three weeks ago, so there is spend to debit.
    t.clock.now = new Date(Date.now() - 21 * 86_400_000);
    const { accessToken } = (
      await call<{ accessToken: string }>(t.app, 'POST', '/sandbox/facebook/login', {
        body: { scopes: adsLoginScopes, userName: 'Spend Tester' },
      })
    ).body;
    await post('fb-connect', { status: 'connected', authResponse: { accessToken } });
    t.clock.now = new Date();
    const { adAccounts } = (await post<AdAccountsResponse>('fetch-ad-accounts', {})).body;
    const { pages } = (await post<PagesResponse>('fetch-pages', {})).body;
    await post('select-ad-profile', {
      selectedMetaAdAccountId: adAccounts[0]!.accountId,
      selectedMetaPageId: pages[0]!.pageId,
    });

    const before = await creditOf();
    await topUp(100 * INR);
    await sync();
    const ads = await t.database.db.select().from(metaAds).where(eq(metaAds.projectId, project));
    expect(ads.length).toBeGreaterThan(0);
    // The credit does not cover three weeks of ads: all of it is debited, the ads paused, the owner told.
    expect(await creditOf()).toBe(0);
    const [meta] = await t.database.db.select().from(projectMetaAds).where(eq(projectMetaAds.projectId, project));
    expect(meta!.adsPausedForCreditAt).not.toBeNull();
    expect(t.outbox.sent.some((mail) => mail.subject === 'Meta Ads paused: Sunrise Bakery')).toBe(true);
    const debits = (await spendRows()).filter((r) => r.action === 'SUBTRACT');
    expect(debits.reduce((s, r) => s + r.amount, 0)).toBe(before + 100 * INR);

    // Read again, nothing changes; a top-up pays what is owed first.
    await sync();
    expect((await spendRows()).filter((r) => r.action === 'SUBTRACT')).toHaveLength(debits.length);
    // The partner's central balance pays for a big top-up (the ledger moves it from there).
    await t.database.db
      .update(partnerBalances)
      .set({ centralBalance: sql`${partnerBalances.centralBalance} + ${2_000_000 * INR}` })
      .where(eq(partnerBalances.partnerId, acme));
    expect((await topUp(1_000_000 * INR)).status).toBe(200);
    await sync();
    const [totals] = await t.database.db
      .select({ spend: sql<number>`sum(${metaAds.spend})::bigint` })
      .from(metaAds)
      .where(eq(metaAds.projectId, project));
    const debited = (await spendRows()).filter((r) => r.action === 'SUBTRACT').reduce((s, r) => s + r.amount, 0);
    expect(debited).toBeLessThanOrEqual(Number(totals!.spend));
    expect(await creditOf()).toBe(before + 1_000_100 * INR - debited);
    // Covered again: the next time it runs out, the owner is told again.
    const [after] = await t.database.db.select().from(projectMetaAds).where(eq(projectMetaAds.projectId, project));
    expect(after!.adsPausedForCreditAt).toBeNull();
  });
});

describe('debitSpend', () => {
  it('keeps credit = top-ups − debits ≥ 0 and never debits more than reported, through any sequence', async () => {
    const day = fc.constantFrom('2026-11-01', '2026-11-02', '2026-11-03');
    const step = fc.oneof(
      fc.record({ kind: fc.constant('topUp' as const), amount: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({
        kind: fc.constant('report' as const),
        spend: fc.array(
          fc.record({ adId: fc.constantFrom('a1', 'a2'), day, spend: fc.integer({ min: 0, max: 8000 }) }),
          {
            maxLength: 4,
          },
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        // Each run in a transaction rolled back: the project's credit and spend rows are as before.
        const rollback = new Error('rollback');
        await t.database.db
          .transaction(async (tx: Tx) => {
            await tx.update(projects).set({ metaAdsCredit: 0 }).where(eq(projects.id, project));
            const p = { id: project, partnerId: acme, name: 'P', businessId: 'b', businessName: 'B' };
            let toppedUp = 0;
            let debited = 0;
            // The latest report per ad and day is what Meta says was spent; reports only grow.
            const reported = new Map<string, number>();
            for (const s of steps) {
              if (s.kind === 'topUp') {
                await tx
                  .update(projects)
                  .set({ metaAdsCredit: sql`${projects.metaAdsCredit} + ${s.amount}` })
                  .where(eq(projects.id, project));
                toppedUp += s.amount;
                continue;
              }
              const grown = s.spend.map((r) => {
                const key = `${r.adId}|${r.day}`;
                const spend = Math.max(reported.get(key) ?? 0, r.spend);
                reported.set(key, spend);
                return { ...r, spend };
              });
              const out = await debitSpend(tx, p, grown);
              debited += out.debited;
              expect(out.credit).toBe(toppedUp - debited);
              expect(out.credit).toBeGreaterThanOrEqual(0);
            }
            const [c] = await tx.select({ c: projects.metaAdsCredit }).from(projects).where(eq(projects.id, project));
            expect(c!.c).toBe(toppedUp - debited);
            const total = [...reported.values()].reduce((a, b) => a + b, 0);
            expect(debited).toBeLessThanOrEqual(total);
            throw rollback;
          })
          .catch((e: unknown) => {
            if (e !== rollback) throw e;
          });
      }),
      { numRuns: 40 },
    );
  });
});
