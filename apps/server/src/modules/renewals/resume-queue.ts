import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { partners, projects } from '../../platform/db/schema.js';
import { enqueue } from '../../platform/jobs/queue.js';

export const RESUME_JOB = 'renewals.resume';

/**
 * Money came into a partner's central balance (a recharge, a correction up, credit taken back from a
 * project): what was short of money may be paid now, so that a suspended project resumes on its own
 * as soon as a recharge or transfer covers its minimum. Called by postEntry in the transaction that
 * adds the money, so the job exists exactly when the money does; written only when the partner has
 * something waiting (an unpaid project, an overdue partnership fee), so recharges of a partner with
 * nothing owed write nothing. No key: a job under way that read the unpaid projects before this
 * money committed would make a keyed second job be dropped, and the project would wait for the
 * hourly run. Due at once whatever the clock (run_at 0).
 */
export const queueResume = async (tx: DbOrTx, partnerId: string) => {
  const result = (await tx.execute(sql`
    select exists (select 1 from ${projects} where ${projects.partnerId} = ${partnerId} and ${projects.status} = 'unpaid')
      or exists (select 1 from ${partners} where ${partners.id} = ${partnerId} and ${partners.partnershipFee} > 0
        and ${partners.partnershipRenewalOn} <= (now() at time zone 'UTC')::date) as waiting`)) as {
    rows: { waiting: boolean }[];
  };
  if (result.rows[0]?.waiting)
    await enqueue(tx, { kind: RESUME_JOB, payload: { partnerId }, runAt: new Date(0), maxAttempts: 20 });
};
