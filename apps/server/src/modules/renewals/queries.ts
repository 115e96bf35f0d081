import { and, asc, eq, gt, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { partnerOf } from '../../platform/db/partner-of.js';
import type { DbOrTx, Tx } from '../../platform/db/open.js';
import { businesses, partners, planFamilies, projects } from '../../platform/db/schema.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

export type ProjectRow = typeof projects.$inferSelect;
export type LockedProject = ProjectRow & { businessName: string };
/**
 * Where a page of due rows ends: the next page starts after it (keyset on the date's index). The date
 * is the database's own text of it, to the microsecond: a JavaScript Date keeps milliseconds only,
 * and a cursor short of the row's own value would read that row again and again.
 */
export type Cursor = { at: string; id: string } | null;

type DateColumn = typeof projects.planRenewalOn | typeof projects.addonRenewalOn;

/** Rows read per page of due items; a shorter page is the last. */
export const PAGE = 100;

/** Statuses whose plan and add-ons are not renewed: billing stopped, the project deleted or ended by the platform. */
export const notRenewedStatuses = ['stopped', 'archived', 'terminated'] as const;

/**
 * The SQL form of the contract's `planPeriodOf(activePlan) !== null`: NONE, the free plans and
 * trials never renew (the job checks planPeriodOf again under the lock).
 */
const renewingPlan = sql`${projects.activePlan} <> 'NONE' and ${projects.activePlan} not like 'FREE%' and ${projects.activePlan} not like '%TRIAL%'`;

const after = (column: DateColumn, cursor: Cursor) =>
  cursor
    ? or(
        sql`${column} > ${cursor.at}::timestamptz`,
        and(sql`${column} = ${cursor.at}::timestamptz`, gt(projects.id, cursor.id)),
      )
    : undefined;
const textOf = (column: DateColumn) => sql<string>`${column}::text`;

/**
 * A page of projects whose plan is due (planRenewalOn at or before `now`), oldest date first, across
 * partners (projects_plan_renewal_idx): a plan that renews, billing not stopped, not deleted, no trial.
 */
export const duePlanProjects = (db: DbOrTx, now: Date, cursor: Cursor) =>
  db
    .select({ id: projects.id, at: textOf(projects.planRenewalOn) })
    .from(projects)
    .where(
      and(
        isNotNull(projects.planRenewalOn),
        lte(projects.planRenewalOn, now),
        after(projects.planRenewalOn, cursor),
        isNull(projects.planStoppedOn),
        notInArray(projects.status, [...notRenewedStatuses]),
        eq(projects.partnerArchived, false),
        eq(projects.isTrial, false),
        eq(projects.isApiTrial, false),
        renewingPlan,
      ),
    )
    .orderBy(asc(projects.planRenewalOn), asc(projects.id))
    .limit(PAGE);

/** A page of projects with an add-on due (addon_renewal_on at or before `now`), oldest first (projects_addon_renewal_idx). */
export const dueAddonProjects = (db: DbOrTx, now: Date, cursor: Cursor) =>
  db
    .select({ id: projects.id, at: textOf(projects.addonRenewalOn) })
    .from(projects)
    .where(
      and(
        isNotNull(projects.addonRenewalOn),
        lte(projects.addonRenewalOn, now),
        after(projects.addonRenewalOn, cursor),
      ),
    )
    .orderBy(asc(projects.addonRenewalOn), asc(projects.id))
    .limit(PAGE);

/**
 * A page of projects holding an ACTIVE add-on without a renewal date (activated before renewals
 * existed, or written around the add-on calls). Not indexed: the job asks once per server process.
 */
export const projectsWithUndatedAddons = (db: DbOrTx, afterId: string | null) =>
  db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        sql`${projects.addons} <> '{}'::jsonb`,
        sql`exists (select 1 from jsonb_each(${projects.addons}) as a(name, state)
          where a.state->>'status' = 'ACTIVE' and a.state->>'renewalOn' is null)`,
        afterId ? gt(projects.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(projects.id))
    .limit(PAGE);

/** A page of partners whose partnership fee is due: a fee, and a renewal date today or past (`today`: YYYY-MM-DD, UTC). */
export const duePartners = (db: DbOrTx, today: string, afterId: string | null) =>
  db
    .select({ id: partners.id })
    .from(partners)
    .where(
      and(
        gt(partners.partnershipFee, 0),
        isNotNull(partners.partnershipRenewalOn),
        lte(partners.partnershipRenewalOn, today),
        afterId ? gt(partners.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(partners.id))
    .limit(PAGE);

/**
 * The project with its business's name, its row locked for the rest of the transaction (the first
 * lock of every renewal: projects before partners, docs/ledger.md, "Lock order"), whoever's partner it is.
 */
export const lockProject = async (tx: Tx, projectId: string): Promise<LockedProject | undefined> => {
  const partnerId = await partnerOf(tx, projects, projectId);
  if (!partnerId) return undefined;
  const [row] = await tx
    .select({ project: projects, businessName: businesses.displayName })
    .from(projects)
    .innerJoin(businesses, businessOfProject)
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)))
    .for('update', { of: projects });
  return row ? { ...row.project, businessName: row.businessName } : undefined;
};

export const updateProject = (tx: Tx, project: Pick<ProjectRow, 'id' | 'partnerId'>, values: Partial<ProjectRow>) =>
  tx
    .update(projects)
    .set(values)
    .where(and(eq(projects.partnerId, project.partnerId), eq(projects.id, project.id)));

/** The partner's row locked (a partnership renewal touches no project). */
export const lockPartner = async (tx: Tx, partnerId: string) =>
  (await tx.select().from(partners).where(eq(partners.id, partnerId)).for('update'))[0];

export const findPlanFamily = async (db: DbOrTx, partnerId: string, familyId: string) =>
  (
    await db
      .select({ name: planFamilies.name, plans: planFamilies.plans })
      .from(planFamilies)
      .where(and(eq(planFamilies.id, familyId), eq(planFamilies.partnerId, partnerId)))
  )[0];

/** The add-ons the partner offers its projects, with its prices (Manage, Add-on plan list). */
export const findPartnerOffers = async (db: DbOrTx, partnerId: string) =>
  (await db.select({ addons: partners.addons }).from(partners).where(eq(partners.id, partnerId)))[0]?.addons ?? {};
