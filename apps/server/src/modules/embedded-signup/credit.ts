import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, projects } from '../../platform/db/schema.js';
import { grantFreeWccCredit } from '../billing/free-wcc-credit.js';
import { postEntry } from '../billing/ledger.js';
import { lockPartner } from '../partners/queries.js';
import type { SignupRow } from './queries.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

/**
 * A sign-up's opening credit, given when the client verifies its mobile (otp.ts), in that
 * transaction, once: with the partner's trial, the trial amount (a TRIAL_CREDIT entry, from no one's
 * balance); otherwise the partner's Free WCC credit, from its central balance when that covers it.
 * Not at the sign-up itself: a form anyone can send must not move a partner's money, and a sign-up
 * that never verifies is cleared with nothing to take back (sweep-unverified.ts).
 */
export const grantSignupCredit = async (tx: DbOrTx, signup: Pick<SignupRow, 'partnerId' | 'projectId'>) => {
  const { partnerId, projectId } = signup;
  // The project's row first, then the partner's (docs/ledger.md, lock order).
  const [row] = await tx
    .select({ project: projects, businessName: businesses.displayName })
    .from(projects)
    .innerJoin(businesses, businessOfProject)
    .where(and(eq(projects.id, projectId), eq(projects.partnerId, partnerId)))
    .for('update', { of: projects });
  const partner = await lockPartner(tx, partnerId);
  if (!row || !partner) return;
  const { project } = row;
  const business = { id: project.businessId, displayName: row.businessName };
  if (!project.isTrial) {
    await grantFreeWccCredit(tx, { partner, project, business, whenShort: 'skip' });
    return;
  }
  if (partner.trialAmount <= 0) return;
  await postEntry(tx, {
    partnerId,
    projectId: project.id,
    projectName: project.name,
    businessId: business.id,
    businessName: business.displayName,
    balance: 'WCC',
    action: 'ADD',
    amount: partner.trialAmount,
    reasonCode: 'TRIAL_CREDIT',
    message: 'Sign-up trial credit',
  });
};
