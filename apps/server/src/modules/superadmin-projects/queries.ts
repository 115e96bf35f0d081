import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/open.js';
import { billingLogs, businesses, partnerBalances, partners, projects } from '../../platform/db/schema.js';
import { lockById, partnerOf } from '../../platform/db/partner-of.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/** The platform's reads of one project of any partner (the super-admin is not in a tenant). */

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The project with its partner and business, as the super-admin project screen shows them. Its
 * partner is read first from the partner directory (partnerOf), so that on a distributed database
 * the read goes to that partner's node alone (docs/scaling.md).
 */
export const findProjectForStaff = async (db: DbOrTx, projectId: string) => {
  const partnerId = await partnerOf(db, projects, projectId);
  if (partnerId === undefined) return undefined;
  return (
    await db
      .select({
        project: projects,
        partner: {
          id: partners.id,
          name: partners.name,
          type: partners.type,
          currency: partners.currency,
          centralBalance: partnerBalances.centralBalance,
          minAllowedBalance: partners.minAllowedBalance,
        },
        business: {
          id: businesses.id,
          name: businesses.displayName,
          company: businesses.company,
          email: businesses.email,
          contact: businesses.contact,
        },
      })
      .from(projects)
      .innerJoin(partners, eq(partners.id, projects.partnerId))
      .innerJoin(partnerBalances, eq(partnerBalances.partnerId, projects.partnerId))
      .innerJoin(businesses, businessOfProject)
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
  )[0];
};
export type StaffProject = NonNullable<Awaited<ReturnType<typeof findProjectForStaff>>>;

/** The project, locked for the rest of the transaction: two staff changes of it run one after the other. */
export const lockProject = (tx: Tx, projectId: string): Promise<ProjectRow | undefined> =>
  lockById(tx, projects, projectId);

export const updateProject = (tx: Tx, project: Pick<ProjectRow, 'id' | 'partnerId'>, values: Partial<ProjectRow>) =>
  tx
    .update(projects)
    .set(values)
    .where(and(eq(projects.id, project.id), eq(projects.partnerId, project.partnerId)));

/**
 * What the billing logs add up to for each of the project's credits: its ADD rows less its
 * SUBTRACT rows (through billing_logs_project_idx).
 */
export const ledgerSumsOf = async (db: DbOrTx, partnerId: string, projectId: string) => {
  const sumOf = (balance: 'WCC' | 'PWC' | 'AD_CREDIT') =>
    sql<number>`coalesce(sum(case when ${billingLogs.action} = 'ADD' then ${billingLogs.amount} else -${billingLogs.amount} end) filter (where ${billingLogs.balance} = ${balance}), 0)::bigint`;
  const [row] = await db
    .select({ WCC: sumOf('WCC'), PWC: sumOf('PWC'), AD_CREDIT: sumOf('AD_CREDIT') })
    .from(billingLogs)
    .where(and(eq(billingLogs.partnerId, partnerId), eq(billingLogs.projectId, projectId)));
  return { WCC: Number(row?.WCC ?? 0), PWC: Number(row?.PWC ?? 0), AD_CREDIT: Number(row?.AD_CREDIT ?? 0) };
};
