import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { BalanceKind, BillingLog } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { billingLogs, businesses, partners, projects } from '../../platform/db/schema.js';

export type BillingFilter = {
  partnerId: string;
  projectId?: string;
  from?: Date;
  toBefore?: Date;
  hideMetaAdCreditUpdate: boolean;
  reasonCodes?: string[];
  balance?: BalanceKind;
};

/** Every condition starts with partner_id, so the (partner_id, created_at, id) index serves them. */
const conditions = (f: BillingFilter): SQL | undefined =>
  and(
    eq(billingLogs.partnerId, f.partnerId),
    f.projectId ? eq(billingLogs.projectId, f.projectId) : undefined,
    f.from ? gte(billingLogs.createdAt, f.from) : undefined,
    f.toBefore ? lt(billingLogs.createdAt, f.toBefore) : undefined,
    f.hideMetaAdCreditUpdate ? ne(billingLogs.reasonCode, 'META_AD_CREDIT_UPDATE') : undefined,
    f.reasonCodes?.length ? inArray(billingLogs.reasonCode, f.reasonCodes) : undefined,
    f.balance ? eq(billingLogs.balance, f.balance) : undefined,
  );

const columns = {
  id: billingLogs.id,
  partnerId: billingLogs.partnerId,
  projectId: billingLogs.projectId,
  reasonCode: billingLogs.reasonCode,
  message: billingLogs.message,
  amount: billingLogs.amount,
  action: billingLogs.action,
  businessName: sql<string | null>`coalesce(${billingLogs.businessName}, ${businesses.displayName})`,
  assistantName: sql<string | null>`coalesce(${projects.name}, ${billingLogs.projectName})`,
  createdAt: billingLogs.createdAt,
  whatsappNumber: projects.whatsappNumber,
  businessContact: businesses.contact,
  email: businesses.email,
  paymentId: billingLogs.paymentId,
  orderId: billingLogs.orderId,
  invoiceId: billingLogs.invoiceId,
  invoiceLink: billingLogs.invoiceLink,
  // Null when no tax was paid (every row but a taxed recharge): the amount itself.
  amountWithTax: sql<number>`coalesce(${billingLogs.amountWithTax}, ${billingLogs.amount})`,
  byName: billingLogs.byMemberName,
};
type Row = { [K in keyof typeof columns]: unknown } & {
  id: string;
  createdAt: Date;
  amount: number;
  action: 'ADD' | 'SUBTRACT';
};

const toLog = (r: Row): BillingLog => ({
  _id: r.id,
  partnerId: r.partnerId as string,
  assistantId: (r.projectId as string | null) ?? null,
  projectId: (r.projectId as string | null) ?? null,
  reasonCode: r.reasonCode as string,
  message: r.message as string,
  amount: Number(r.amount),
  action: r.action,
  businessName: (r.businessName as string | null) ?? null,
  assistantName: (r.assistantName as string | null) ?? null,
  createdAt: r.createdAt.toISOString(),
  whatsappNumber: (r.whatsappNumber as string | null) ?? null,
  businessContact: (r.businessContact as string | null) ?? null,
  email: (r.email as string | null) ?? null,
  paymentId: (r.paymentId as string | null) ?? null,
  orderId: (r.orderId as string | null) ?? null,
  invoiceId: (r.invoiceId as string | null) ?? null,
  invoiceLink: (r.invoiceLink as string | null) ?? null,
  amountWithTax: Number(r.amountWithTax),
  status: null,
  byName: (r.byName as string | null) ?? null,
});

const joined = (db: DbOrTx) =>
  db
    .select(columns)
    .from(billingLogs)
    .leftJoin(projects, and(eq(projects.id, billingLogs.projectId), eq(projects.partnerId, billingLogs.partnerId)))
    // A log written without its business still shows the project's business.
    .leftJoin(
      businesses,
      and(
        eq(businesses.id, sql`coalesce(${billingLogs.businessId}, ${projects.businessId})`),
        eq(businesses.partnerId, billingLogs.partnerId),
      ),
    );

export const billingPage = async (db: DbOrTx, f: BillingFilter, order: 'asc' | 'dec', skip: number, limit: number) => {
  const by =
    order === 'asc'
      ? [asc(billingLogs.createdAt), asc(billingLogs.id)]
      : [desc(billingLogs.createdAt), desc(billingLogs.id)];
  // The page's ids come from billing_logs and its index alone; only those rows are then joined.
  const ids = (
    await db
      .select({ id: billingLogs.id })
      .from(billingLogs)
      .where(conditions(f))
      .orderBy(...by)
      .limit(limit)
      .offset(skip)
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await joined(db).where(and(eq(billingLogs.partnerId, f.partnerId), inArray(billingLogs.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, toLog(r as Row)]));
  return ids.map((id) => byId.get(id)!);
};

/**
 * Counts at most `cap` rows: an exact total of a million rows costs a full index scan on every
 * page, while the pager only needs to know whether more pages follow.
 */
export const billingCount = async (db: DbOrTx, f: BillingFilter, cap: number) => {
  // In the list's order, so the partner's (or the project's) index is walked, never the table.
  const capped = db
    .select({ one: sql`1` })
    .from(billingLogs)
    .where(conditions(f))
    .orderBy(desc(billingLogs.createdAt), desc(billingLogs.id))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
};

export const findBillingLog = async (db: DbOrTx, partnerId: string, id: string) => {
  const [row] = await joined(db)
    .where(and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.id, id)))
    .limit(1);
  return row ? toLog(row as Row) : null;
};

export const findProject = async (db: DbOrTx, partnerId: string, id: string) => {
  const [row] = await db
    .select({ name: projects.name, live: projects.isWhatsappVerified })
    .from(projects)
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, id)))
    .limit(1);
  return row ?? null;
};

export const partnerFlags = async (db: DbOrTx, partnerId: string) => {
  const [row] = await db.select({ flags: partners.flags }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  return row?.flags ?? {};
};
