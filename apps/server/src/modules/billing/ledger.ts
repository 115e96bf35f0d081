import { and, eq, gte, sql } from 'drizzle-orm';
import type { BalanceKind, LedgerAction, ReasonCode } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { billingLogs, partners, projects } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors/app-error.js';

export type LedgerEntry = {
  partnerId: string;
  balance: BalanceKind;
  action: LedgerAction;
  /** Positive, in 1/100000 of the currency. */
  amount: number;
  reasonCode: ReasonCode;
  message: string;
  projectId?: string;
  businessId?: string;
  projectName?: string;
  businessName?: string;
  paymentId?: string;
  orderId?: string;
  invoiceId?: string;
  invoiceLink?: string;
  idempotencyKey?: string;
  /** When the money moved, if not now: history replayed in order (the demo seed, README "Demo data"). */
  createdAt?: Date;
};

export const insufficientCentralBalance = 'Insufficient central balance for this amount.';
export const insufficientCredit = 'This would take the credit below zero.';

const projectCredit = {
  WCC: { key: 'templateCredit', column: projects.templateCredit },
  PWC: { key: 'partnerWhatsappCredit', column: projects.partnerWhatsappCredit },
  AD_CREDIT: { key: 'metaAdsCredit', column: projects.metaAdsCredit },
} as const;

/**
 * Changes one balance and writes its billing-log row, inside the caller's transaction: the only
 * way a balance changes. A subtraction is a conditional update, so it never takes the balance
 * below `floor` however many run at once; it is refused instead.
 */
export const postEntry = async (tx: DbOrTx, entry: LedgerEntry, floor = 0): Promise<number> => {
  if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) throw badRequest('Invalid amount');
  const delta = entry.action === 'ADD' ? entry.amount : -entry.amount;
  let balanceAfter: number | undefined;
  if (entry.balance === 'CENTRAL') {
    const [row] = await tx
      .update(partners)
      .set({ centralBalance: sql`${partners.centralBalance} + ${delta}` })
      .where(
        and(
          eq(partners.id, entry.partnerId),
          entry.action === 'SUBTRACT' ? gte(partners.centralBalance, floor + entry.amount) : undefined,
        ),
      )
      .returning({ after: partners.centralBalance });
    balanceAfter = row?.after;
    if (balanceAfter === undefined) throw badRequest(insufficientCentralBalance);
  } else {
    if (!entry.projectId) throw new Error('A project credit entry needs its project');
    const { key, column } = projectCredit[entry.balance];
    const [row] = await tx
      .update(projects)
      .set({ [key]: sql`${column} + ${delta}` })
      .where(
        and(
          eq(projects.id, entry.projectId),
          eq(projects.partnerId, entry.partnerId),
          entry.action === 'SUBTRACT' ? gte(column, floor + entry.amount) : undefined,
        ),
      )
      .returning({ after: column });
    balanceAfter = row?.after;
    if (balanceAfter === undefined) throw badRequest(insufficientCredit);
  }
  await tx.insert(billingLogs).values({
    id: newId(),
    partnerId: entry.partnerId,
    projectId: entry.projectId ?? null,
    businessId: entry.businessId ?? null,
    balance: entry.balance,
    action: entry.action,
    amount: entry.amount,
    balanceAfter,
    reasonCode: entry.reasonCode,
    message: entry.message,
    businessName: entry.businessName ?? null,
    projectName: entry.projectName ?? null,
    paymentId: entry.paymentId ?? null,
    orderId: entry.orderId ?? null,
    invoiceId: entry.invoiceId ?? null,
    invoiceLink: entry.invoiceLink ?? null,
    idempotencyKey: entry.idempotencyKey ?? null,
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
  });
  return balanceAfter;
};

/** The entry an idempotency key already wrote, if any. */
export const findByIdempotencyKey = async (db: DbOrTx, partnerId: string, key: string) =>
  (
    await db
      .select()
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.idempotencyKey, key)))
  )[0];
