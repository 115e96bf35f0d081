import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { OWNER_ROLE } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { agents, billingLogs, partners } from '../../platform/db/schema.js';

/** The partner's first active OWNER: the sign-in made with the partner. */
export const findOwner = async (db: DbOrTx, partnerId: string) =>
  (
    await db
      .select({ name: agents.name, email: agents.email, loginUsername: agents.loginUsername })
      .from(agents)
      .where(and(eq(agents.partnerId, partnerId), eq(agents.agentRole, OWNER_ROLE), eq(agents.disabled, false)))
      .orderBy(agents.createdAt, agents.id)
      .limit(1)
  )[0] ?? null;

/**
 * Creates and edits naming one domain take turns (a transaction lock on it, taken before
 * `domainTaken`), so the second finds the first's row and answers 409. Without it the unique index
 * settles the race, but on a distributed database (docs/scaling.md) two inserts into partners, a
 * reference table, waiting on each other's key at different copies of it are a deadlock instead.
 */
export const lockDomain = (tx: DbOrTx, domain: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`partner-domain:${domain}`}))`);

/** Another partner already answers on this domain. */
export const domainTaken = async (db: DbOrTx, domain: string, exceptPartnerId?: string) =>
  (
    await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.customDomain, domain), exceptPartnerId ? ne(partners.id, exceptPartnerId) : undefined))
      .limit(1)
  ).length > 0;

export const refundKeyOf = (feeRowId: string) => `partnership-refund:${feeRowId}`;

/** The partner's latest PARTNERSHIP_FEE row that no refund row names (by its ledger key) yet. */
export const latestUnrefundedFee = async (db: DbOrTx, partnerId: string) =>
  (
    await db
      .select({ id: billingLogs.id, amount: billingLogs.amount, message: billingLogs.message })
      .from(billingLogs)
      .where(
        and(
          eq(billingLogs.partnerId, partnerId),
          eq(billingLogs.reasonCode, 'PARTNERSHIP_FEE'),
          // Qualified by hand: drizzle leaves a one-table select's columns unqualified.
          sql`not exists (select 1 from ${billingLogs} as refund where refund.partner_id = ${billingLogs}.partner_id and refund.idempotency_key = 'partnership-refund:' || ${billingLogs}.id)`,
        ),
      )
      .orderBy(desc(billingLogs.createdAt), desc(billingLogs.id))
      .limit(1)
  )[0];

/** A recharge of this payment is already on the partner's ledger. */
export const paymentRecorded = async (db: DbOrTx, partnerId: string, paymentId: string) =>
  (
    await db
      .select({ id: billingLogs.id })
      .from(billingLogs)
      .where(
        and(
          eq(billingLogs.partnerId, partnerId),
          eq(billingLogs.paymentId, paymentId),
          eq(billingLogs.reasonCode, 'CENTRAL_BALANCE_RECHARGE'),
        ),
      )
      .limit(1)
  ).length > 0;
