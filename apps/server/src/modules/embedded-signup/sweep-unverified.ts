import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/open.js';
import { isForeignKeyViolation } from '../../platform/db/errors.js';
import { billingLogs, businesses, embeddedSignups, projects } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { SESSION_TTL_S } from './session.js';

/**
 * The hourly job that clears sign-ups that never verified, so that junk sent to a partner's public
 * page leaves nothing in its console. A sign-up is cleared, its project and business with it, once
 * its token has expired (it can never go on) when it never verified its mobile, never connected
 * Facebook (no WhatsApp account of a real client hangs on it) and its project has no billing entry
 * (its credit comes with the verification, credit.ts, so a row there means the partner moved money
 * to it). A project or business the partner has since used elsewhere (a webhook, a support ticket,
 * another project in the business) is kept: its delete is refused by the foreign keys or skipped.
 */
const SWEEP_UNVERIFIED_JOB = 'embedded-signup.sweep-unverified';
const EVERY_MS = 60 * 60_000;
const BATCH = 200;

type Stale = { partnerId: string; projectId: string; businessId: string };

const noBillingEntry = (db: DbOrTx) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(billingLogs)
      .where(
        and(eq(billingLogs.partnerId, embeddedSignups.partnerId), eq(billingLogs.projectId, embeddedSignups.projectId)),
      ),
  );

const staleSignups = (db: DbOrTx, before: Date): Promise<Stale[]> =>
  db
    .select({
      partnerId: embeddedSignups.partnerId,
      projectId: embeddedSignups.projectId,
      businessId: embeddedSignups.businessId,
    })
    .from(embeddedSignups)
    .where(
      and(
        isNull(embeddedSignups.phoneVerifiedAt),
        isNull(embeddedSignups.facebookConnectedAt),
        lt(embeddedSignups.createdAt, before),
        noBillingEntry(db),
      ),
    )
    .limit(BATCH);

/** One sign-up's project (its sign-up row goes with it) and then its business, if nothing else holds them. */
const clearOne = (db: Db, s: Stale) =>
  db.transaction(async (tx) => {
    // The project's row is held first: a credit move that comes now waits, then finds no project.
    const held = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, s.projectId), eq(projects.partnerId, s.partnerId)))
      .for('update');
    if (held.length === 0) return false;
    const moneyMoved = await tx
      .select({ one: sql`1` })
      .from(billingLogs)
      .where(and(eq(billingLogs.partnerId, s.partnerId), eq(billingLogs.projectId, s.projectId)))
      .limit(1);
    if (moneyMoved.length > 0) return false;
    await tx.delete(projects).where(and(eq(projects.id, s.projectId), eq(projects.partnerId, s.partnerId)));
    await tx.delete(businesses).where(
      and(
        eq(businesses.id, s.businessId),
        eq(businesses.partnerId, s.partnerId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(projects)
            .where(and(eq(projects.partnerId, s.partnerId), eq(projects.businessId, s.businessId))),
        ),
      ),
    );
    return true;
  });

/** Clears what is stale now; answers how many sign-ups went. */
export const sweepUnverifiedSignups = async (db: Db, now: Date): Promise<number> => {
  const before = new Date(now.getTime() - SESSION_TTL_S * 1000);
  let cleared = 0;
  for (const s of await staleSignups(db, before)) {
    try {
      if (await clearOne(db, s)) cleared += 1;
    } catch (error) {
      // The partner has made the project its own (a webhook, a ticket ...): it stays.
      if (!isForeignKeyViolation(error)) throw error;
    }
  }
  return cleared;
};

/** The job keeps its row and asks to run again in an hour. */
export const sweepUnverifiedJobs = (db: Db, now: () => Date): JobHandlers => ({
  [SWEEP_UNVERIFIED_JOB]: async () => {
    await sweepUnverifiedSignups(db, now());
    return { retryAt: new Date(now().getTime() + EVERY_MS) };
  },
});

/** Makes sure the job exists (at start; a second call, or a second server, adds nothing). */
export const ensureSignupSweepScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: SWEEP_UNVERIFIED_JOB, payload: {}, runAt: now, key: SWEEP_UNVERIFIED_JOB, maxAttempts: 1000 });
