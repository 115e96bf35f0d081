import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { BalanceKind, LedgerAction, ReasonCode } from '@pc/contract';
import type { DbOrTx, Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { unnestInserts } from '../../platform/db/unnest.js';
import { billingLogs, partnerBalances, projects } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { productCounters } from '../../platform/metrics/counters.js';
import { queueResume } from '../renewals/resume-queue.js';

export type LedgerEntry = {
  partnerId: string;
  balance: BalanceKind;
  action: LedgerAction;
  /** Positive, in 1/100000 of the currency. */
  amount: number;
  /** What the partner paid including tax (a recharge's GST), when it differs from the amount. */
  amountWithTax?: number;
  /** What the provider charges for what this entry sells (see billing_logs.provider_amount). */
  providerAmount?: number;
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
  /** The partner's member who moved the money, as named now; none for what the system moves (renewals, charging). */
  by?: LedgerMember;
  /** When the money moved, if not now: history replayed in order (the demo seed, docs/demo-data.md). */
  createdAt?: Date;
};

/** Who moved the money: an `AgentViewer` (or the activity log's author) fits as it is. */
export type LedgerMember = { agentId: string; name: string };

export const insufficientCentralBalance = 'Insufficient central balance for this amount.';
export const insufficientCredit = 'This would take the credit below zero.';

const projectCredit = {
  WCC: { key: 'templateCredit', column: projects.templateCredit },
  PWC: { key: 'partnerWhatsappCredit', column: projects.partnerWhatsappCredit },
  AD_CREDIT: { key: 'metaAdsCredit', column: projects.metaAdsCredit },
} as const;

/** The billing-log row of an entry that left its balance at `balanceAfter`. */
const ledgerRow = (entry: LedgerEntry, balanceAfter: number, id = newId()): typeof billingLogs.$inferInsert => ({
  id,
  partnerId: entry.partnerId,
  projectId: entry.projectId ?? null,
  businessId: entry.businessId ?? null,
  balance: entry.balance,
  action: entry.action,
  amount: entry.amount,
  amountWithTax: entry.amountWithTax ?? null,
  providerAmount: entry.providerAmount ?? null,
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
  byMemberId: entry.by?.agentId ?? null,
  byMemberName: entry.by?.name ?? null,
  ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
});

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
      .update(partnerBalances)
      .set({ centralBalance: sql`${partnerBalances.centralBalance} + ${delta}` })
      .where(
        and(
          eq(partnerBalances.partnerId, entry.partnerId),
          entry.action === 'SUBTRACT' ? gte(partnerBalances.centralBalance, floor + entry.amount) : undefined,
        ),
      )
      .returning({ after: partnerBalances.centralBalance });
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
  await tx.insert(billingLogs).values(ledgerRow(entry, balanceAfter));
  productCounters.ledgerEntries.inc([entry.balance]);
  // Money in: what waited for it (an unpaid plan, an overdue fee) is paid at once, not at the next hourly run.
  if (entry.balance === 'CENTRAL' && entry.action === 'ADD' && !entry.createdAt) await queueResume(tx, entry.partnerId);
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

type Locked = { balance: 'CENTRAL' | 'WCC'; owner: string };
const lockedKey = (l: Locked) => `${l.balance}:${l.owner}`;

/**
 * The ledger of a batch that holds its balances' rows locked: a charging batch writing hundreds of
 * entries. It locks the projects, then the partners' central balances, in the global lock order, and
 * reads their central balance and WCC credit; `post` applies an entry to those figures at once
 * (refusing, with nothing queued, a subtraction its balance does not cover) and queues its row;
 * `flush` writes the queued rows and each balance (one update per kind) in one statement. No other
 * transaction can move these balances meanwhile (they wait for the row locks), so the rows and the
 * balances end exactly as postEntry one by one would leave them, in one statement instead of two per
 * entry. Each entry's row id is known when it is queued.
 */
export const lockedLedger = async (
  tx: Tx,
  ids: { projects: { id: string; partnerId: string }[]; partnerIds: string[] },
) => {
  const balances = new Map<string, number>();
  // One statement a partner, each naming it: a distributed database locks rows only in a statement
  // that goes to one node (docs/scaling.md). Hence the order: by partner, then by id.
  const partnersOfProjects = new Map<string, string[]>();
  for (const p of ids.projects)
    partnersOfProjects.set(p.partnerId, [...(partnersOfProjects.get(p.partnerId) ?? []), p.id]);
  for (const [partnerId, projectIds] of [...partnersOfProjects].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const projectRows = await tx
      .select({ id: projects.id, credit: projects.templateCredit })
      .from(projects)
      .where(and(eq(projects.partnerId, partnerId), inArray(projects.id, projectIds)))
      .orderBy(asc(projects.id))
      .for('update');
    for (const r of projectRows) balances.set(lockedKey({ balance: 'WCC', owner: r.id }), r.credit);
  }
  for (const partnerId of [...ids.partnerIds].sort()) {
    const [row] = await tx
      .select({ central: partnerBalances.centralBalance })
      .from(partnerBalances)
      .where(eq(partnerBalances.partnerId, partnerId))
      .for('update');
    if (row) balances.set(lockedKey({ balance: 'CENTRAL', owner: partnerId }), row.central);
  }
  const queued: (typeof billingLogs.$inferInsert)[] = [];
  const moved = new Map<string, { locked: Locked; partnerId: string; delta: number }>();

  const post = (entry: LedgerEntry & { balance: 'CENTRAL' | 'WCC' }): string | null => {
    if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) throw badRequest('Invalid amount');
    if (entry.balance === 'WCC' && !entry.projectId) throw new Error('A project credit entry needs its project');
    const locked: Locked = {
      balance: entry.balance,
      owner: entry.balance === 'WCC' ? entry.projectId! : entry.partnerId,
    };
    const key = lockedKey(locked);
    const before = balances.get(key);
    if (before === undefined) throw new Error(`${key} is not locked by this batch`);
    const delta = entry.action === 'ADD' ? entry.amount : -entry.amount;
    if (before + delta < 0) return null;
    balances.set(key, before + delta);
    const m = moved.get(key) ?? { locked, partnerId: entry.partnerId, delta: 0 };
    m.delta += delta;
    moved.set(key, m);
    const id = newId();
    queued.push(ledgerRow(entry, before + delta, id));
    return id;
  };

  const flush = async () => {
    const changes = [...moved.values()].filter((m) => m.delta !== 0);
    const updates: { sql: SQL; rows: number }[] = [];
    for (const [kind, table, column] of [
      ['WCC', projects, 'template_credit'],
      ['CENTRAL', partnerBalances, 'central_balance'],
    ] as const) {
      const rows = changes
        .filter((m) => m.locked.balance === kind)
        .sort((a, b) => (a.locked.owner < b.locked.owner ? -1 : 1));
      if (rows.length === 0) continue;
      const values = sql.join(
        rows.map((m) => sql`(${m.locked.owner}::text, ${m.partnerId}::text, ${m.delta}::bigint)`),
        sql`, `,
      );
      // One partner's batch (every charging batch) names it as a value too: a distributed database
      // sends the update to its node only then, not when the partner is a column of the values.
      const partners = [...new Set(rows.map((m) => m.partnerId))];
      const partnerColumn = kind === 'WCC' ? projects.partnerId : partnerBalances.partnerId;
      const onePartner = partners.length === 1 ? sql` and ${partnerColumn} = ${partners[0]}` : sql``;
      const matched =
        kind === 'WCC'
          ? sql`${projects.id} = v.id and ${projects.partnerId} = v.partner_id${onePartner} returning ${projects.id}`
          : sql`${partnerBalances.partnerId} = v.id${onePartner} returning ${partnerBalances.partnerId}`;
      updates.push({
        sql: sql`update ${table} set ${sql.raw(column)} = ${sql.raw(column)} + v.delta from (values ${values}) as v(id, partner_id, delta) where ${matched}`,
        rows: rows.length,
      });
    }
    // The balances and the rows in one statement (the rows one array parameter per column), which
    // answers how many balances each update found; the billing_logs trigger fires once, after it all.
    const parts = [
      ...updates.map((u, i) => sql`${sql.raw(`u${i}`)} as (${u.sql})`),
      ...unnestInserts(billingLogs, queued).map((insert, i) => sql`${sql.raw(`l${i}`)} as (${insert})`),
    ];
    if (parts.length > 0) {
      const found = updates.map((_, i) => sql.raw(`(select count(*) from u${i})::int as u${i}`));
      const [counts] = (
        (await tx.execute(
          sql`with ${sql.join(parts, sql`, `)} select ${found.length > 0 ? sql.join(found, sql`, `) : sql`0 as none`}`,
        )) as { rows: Record<string, number>[] }
      ).rows;
      // Every locked row is there to update; anything else means a lock was not held.
      if (updates.some((u, i) => Number(counts![`u${i}`]) !== u.rows))
        throw new Error('A locked balance was not found');
    }
    for (const row of queued) productCounters.ledgerEntries.inc([row.balance]);
    queued.length = 0;
    moved.clear();
  };

  return { post, flush, balanceOf: (l: Locked) => balances.get(lockedKey(l)) };
};
