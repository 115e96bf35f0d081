import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ActivityAction, ReasonCode } from '@pc/contract';
import type { Tx } from '../platform/db/open.js';
import {
  agents,
  billingLogs,
  partners,
  projects,
  roles,
  templates,
  walletThresholds,
  webhooks,
} from '../platform/db/schema.js';
import { recordPartnerChange, type ActivityAuthor } from '../modules/activity/record.js';
import { urlForLog } from '../modules/webhooks/url-for-log.js';
import { DAY } from './demo-world.js';

/** The demo's members' addresses: an office and a home connection (documentation ranges, RFC 5737). */
const OFFICE = '203.0.113.24';
const HOME = '198.51.100.61';

/** The credit moves a member makes on a project's Billing tab, as their activity entries name them. */
const creditMoves: Partial<Record<ReasonCode, { action: ActivityAction; field: string }>> = {
  WCC_CREDIT_ADD: { action: 'credit.wcc', field: 'templateCredit' },
  WCC_CREDIT_DEDUCT: { action: 'credit.wcc', field: 'templateCredit' },
  PWC_CREDIT_ADD: { action: 'credit.pwc', field: 'partnerWhatsappCredit' },
  PWC_CREDIT_DEDUCT: { action: 'credit.pwc', field: 'partnerWhatsappCredit' },
  META_AD_CREDIT_UPDATE: { action: 'credit.ad', field: 'metaAdsCredit' },
};

/**
 * Acme's activity log, dated in the demo's history and written through the console's recorder:
 * the owner setting up the team (its roles, its members, Meera disabled last month), the credit
 * moves of the history's ledger (each move's rows then name the member who made it, as the
 * console's do), the templates Priya submitted, the webhooks and the wallet's warning levels.
 */
export const seedDemoActivity = async (tx: Tx, w: { now: Date; acmeId: string; createdDaysAgo: number }) => {
  const at = (daysAgo: number) => new Date(w.now.getTime() - daysAgo * DAY);
  const team = await tx.select().from(agents).where(eq(agents.partnerId, w.acmeId)).orderBy(asc(agents.loginUsername));
  const member = (userName: string, address: string): ActivityAuthor & { agentId: string } => {
    const row = team.find((a) => a.loginUsername === userName)!;
    return { partnerId: w.acmeId, agentId: row.id, name: row.name, address };
  };
  const olivia = member('owner', OFFICE);
  const priya = member('priya', OFFICE);
  const priyaHome = member('priya', HOME);

  // The team, the day after the partner was created.
  const setUp = w.createdDaysAgo - 1;
  const roleRows = await tx.select().from(roles).where(eq(roles.partnerId, w.acmeId)).orderBy(asc(roles.name));
  for (const [i, role] of roleRows.entries())
    await recordPartnerChange(tx, olivia, {
      action: 'role.create',
      target: { kind: 'role', id: role.name, name: role.name },
      after: { name: role.name, accessLevel: role.accessLevel },
      createdAt: at(setUp - i * 0.01),
    });
  for (const [i, agent] of team.filter((a) => a.loginUsername !== 'owner').entries())
    await recordPartnerChange(tx, olivia, {
      action: 'member.create',
      target: { kind: 'member', id: agent.id, name: agent.name },
      after: { name: agent.name, email: agent.email, loginUsername: agent.loginUsername, agentRole: agent.agentRole },
      createdAt: at(setUp - 0.1 - i * 0.01),
    });
  for (const agent of team.filter((a) => a.disabled))
    await recordPartnerChange(tx, olivia, {
      action: 'member.disable',
      target: { kind: 'member', id: agent.id, name: agent.name },
      before: { disabled: false },
      after: { disabled: true },
      createdAt: at(27.3),
    });

  // The history's credit moves: each transfer's two rows (the credit and the central balance) are one move.
  const rows = await tx
    .select()
    .from(billingLogs)
    .where(
      and(
        eq(billingLogs.partnerId, w.acmeId),
        inArray(billingLogs.reasonCode, Object.keys(creditMoves)),
        isNull(billingLogs.byMemberId),
      ),
    )
    .orderBy(asc(billingLogs.createdAt), asc(billingLogs.id));
  const [partner] = await tx.select({ currency: partners.currency }).from(partners).where(eq(partners.id, w.acmeId));
  // A transfer is the credit's row, then the central balance's a second later (history/money.ts);
  // a credit row alone (a free credit) was nobody's move.
  let n = 0;
  for (const [i, credit] of rows.entries()) {
    const central = rows[i + 1];
    const kind = creditMoves[credit.reasonCode as ReasonCode];
    if (credit.balance === 'CENTRAL' || !central || central.balance !== 'CENTRAL' || !kind || !credit.projectId)
      continue;
    if (central.projectId !== credit.projectId || central.reasonCode !== credit.reasonCode) continue;
    const by = n++ % 3 === 2 ? olivia : n % 2 === 0 ? priyaHome : priya;
    await tx
      .update(billingLogs)
      .set({ byMemberId: by.agentId, byMemberName: by.name })
      .where(and(eq(billingLogs.partnerId, w.acmeId), inArray(billingLogs.id, [credit.id, central.id])));
    const moved = credit.action === 'ADD' ? credit.amount : -credit.amount;
    const money = (centralBalance: number) => ({ currency: partner!.currency, centralBalance });
    await recordPartnerChange(tx, by, {
      action: kind.action,
      target: { kind: 'project', id: credit.projectId, name: credit.projectName ?? '' },
      before: { [kind.field]: credit.balanceAfter - moved, ...money(central.balanceAfter + moved) },
      after: { [kind.field]: credit.balanceAfter, ...money(central.balanceAfter) },
      createdAt: credit.createdAt,
    });
  }

  // Priya submits the templates (the ones Meta has seen: a draft was never submitted).
  const submitted = await tx
    .select()
    .from(templates)
    .where(eq(templates.partnerId, w.acmeId))
    .orderBy(asc(templates.createdAt), asc(templates.id));
  for (const t of submitted.filter((row) => row.submittedAt))
    await recordPartnerChange(tx, priya, {
      action: 'template.submit',
      target: { kind: 'template', id: t.id, name: `${t.name} (${t.language})` },
      after: { name: t.name, language: t.language, category: t.category, status: 'PENDING' },
      createdAt: t.submittedAt!,
    });

  // The webhooks Olivia added, and the wallet's warning levels she set.
  const hooks = await tx
    .select({ hook: webhooks, projectName: projects.name })
    .from(webhooks)
    .innerJoin(projects, and(eq(projects.id, webhooks.projectId), eq(projects.partnerId, webhooks.partnerId)))
    .where(eq(webhooks.partnerId, w.acmeId));
  for (const { hook } of hooks)
    await recordPartnerChange(tx, olivia, {
      action: 'webhook.create',
      target: { kind: 'webhook', id: hook.id, name: urlForLog(hook.url) },
      after: { url: urlForLog(hook.url), topics: hook.topics },
      createdAt: hook.createdAt,
    });
  const levels = await tx
    .select({ level: walletThresholds, projectName: projects.name })
    .from(walletThresholds)
    .leftJoin(
      projects,
      and(eq(projects.id, walletThresholds.projectId), eq(projects.partnerId, walletThresholds.partnerId)),
    )
    .where(eq(walletThresholds.partnerId, w.acmeId));
  for (const [i, { level, projectName }] of levels.entries())
    await recordPartnerChange(tx, olivia, {
      action: level.projectId ? 'wallet.project-threshold' : 'wallet.threshold',
      target: level.projectId
        ? { kind: 'project', id: level.projectId, name: projectName ?? '' }
        : { kind: 'partner', id: w.acmeId, name: 'Acme Messaging' },
      after: level.kind === 'AMOUNT' ? { amount: level.value } : { days: level.value },
      createdAt: at(12 - i),
    });
};
