import { and, eq } from 'drizzle-orm';
import { partnerFlagNames, type PartnerFlags, type ReasonCode } from '@pc/contract';
import type { Tx } from '../platform/db/open.js';
import { billingLogs, partners } from '../platform/db/schema.js';
import { recordAudit, type AuditAdmin } from '../modules/audit/record.js';
import { DAY } from './demo-world.js';

type Partner = typeof partners.$inferSelect;

/** A partner's account fields as `partner.create` records them (seed and console alike). */
const accountFields = (p: Partner) => ({
  type: p.type,
  currency: p.currency,
  name: p.name,
  brandName: p.brandName,
  customDomain: p.customDomain,
  maxAgents: p.maxAgents,
  maxRoles: p.maxRoles,
  agentSize: p.agentSize,
  minAllowedBalance: p.minAllowedBalance,
  partnershipFee: p.partnershipFee,
  partnershipRenewalOn: p.partnershipRenewalOn,
  isoCode: p.isoCode,
});

/**
 * The demo's audit log: what the platform admin did to set the demo world up, written through the
 * same recorder as the console's calls and dated when it happened in the history: the partners
 * created (each before its first money), Acme's feature flags, and the staff correction and the
 * partnership refund the ledger holds (their rows' amounts and balances).
 */
export const seedDemoAudit = async (
  tx: Tx,
  w: { now: Date; admin: AuditAdmin; created: { partnerId: string; daysAgo: number; owner: string }[] },
) => {
  const at = (daysAgo: number) => new Date(w.now.getTime() - daysAgo * DAY);
  const rows = await tx.select().from(partners);
  const byId = new Map(rows.map((p) => [p.id, p]));
  for (const { partnerId, daysAgo, owner } of w.created) {
    const partner = byId.get(partnerId)!;
    await recordAudit(tx, w.admin, {
      action: 'partner.create',
      targetKind: 'partner',
      targetId: partnerId,
      partnerId,
      after: { ...accountFields(partner), owner: { loginUsername: owner } },
      createdAt: at(daysAgo + 1),
    });
    const flags = partner.flags;
    const names = partnerFlagNames.filter((name) => flags[name] !== undefined);
    if (names.length > 0)
      await recordAudit(tx, w.admin, {
        action: 'partner.flags',
        targetKind: 'partner',
        targetId: partnerId,
        partnerId,
        before: Object.fromEntries(names.map((name) => [name, false])),
        after: Object.fromEntries(names.map((name) => [name, flags[name]])) as PartnerFlags,
        createdAt: at(daysAgo + 0.9),
      });
  }
  const ledgerRows = (reasonCode: ReasonCode) =>
    tx
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.reasonCode, reasonCode), eq(billingLogs.balance, 'CENTRAL')));
  for (const row of await ledgerRows('CENTRAL_BALANCE_UPDATE')) {
    const delta = row.action === 'ADD' ? row.amount : -row.amount;
    await recordAudit(tx, w.admin, {
      action: 'partner.correction',
      targetKind: 'partner',
      targetId: row.partnerId,
      partnerId: row.partnerId,
      before: { centralBalance: row.balanceAfter - delta },
      after: { centralBalance: row.balanceAfter, action: row.action, amount: row.amount, reason: row.message },
      createdAt: row.createdAt,
    });
  }
  for (const row of await ledgerRows('PARTNERSHIP_RENEWAL_REFUND'))
    await recordAudit(tx, w.admin, {
      action: 'partner.partnership-refund',
      targetKind: 'partner',
      targetId: row.partnerId,
      partnerId: row.partnerId,
      before: { centralBalance: row.balanceAfter - row.amount },
      after: { centralBalance: row.balanceAfter, amount: row.amount },
      createdAt: row.createdAt,
    });
};
