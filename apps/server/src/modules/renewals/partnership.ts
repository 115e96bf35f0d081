import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { partners } from '../../platform/db/schema.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { findByIdempotencyKey, postEntry } from '../billing/ledger.js';
import { isShortOfMoney } from './plan-charge.js';
import { partnershipDateAfter } from './periods.js';
import { lockPartner } from './queries.js';
import type { Fault } from './fault.js';
import { notifyPartnershipRenewalFailed } from '../notifications/events.js';

export type PartnershipStep = 'charged' | 'short' | 'not-due';

export const partnershipRenewalKey = (partnerId: string, renewalOn: string) =>
  `renewal:partnership:${partnerId}:${renewalOn}`;

/** Today's calendar date in UTC (YYYY-MM-DD): the day the job compares partnership dates with. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * One year of a partner's partnership, in its own transaction under the partner's row lock (re-checked
 * there): PARTNERSHIP_FEE from the central balance under the key of the partner and renewal date, and
 * the date moves one year on. Short of money nothing is charged and the date stays: every run tries
 * again, and meanwhile the partner's banner says the renewal is overdue (contract banners.ts).
 */
export const renewPartnershipStep = (
  deps: Deps,
  partnerId: string,
  now: Date,
  fault?: Fault,
): Promise<PartnershipStep> =>
  retriedTransaction(deps.db, async (tx) => {
    const partner = await lockPartner(tx, partnerId);
    const renewalOn = partner?.partnershipRenewalOn;
    if (!partner || !renewalOn || partner.partnershipFee <= 0 || renewalOn > utcDay(now)) return 'not-due';
    const key = partnershipRenewalKey(partner.id, renewalOn);
    const next = partnershipDateAfter(renewalOn);
    if (!(await findByIdempotencyKey(tx, partner.id, key))) {
      try {
        await postEntry(tx, {
          partnerId: partner.id,
          balance: 'CENTRAL',
          action: 'SUBTRACT',
          amount: partner.partnershipFee,
          reasonCode: 'PARTNERSHIP_FEE',
          message: `Partnership fee: ${partner.planType ?? partner.type}, one year from ${renewalOn}`,
          idempotencyKey: key,
        });
      } catch (error) {
        if (!isShortOfMoney(error)) throw error;
        await notifyPartnershipRenewalFailed(tx, partner.id, renewalOn, now);
        return 'short';
      }
    }
    await tx.update(partners).set({ partnershipRenewalOn: next }).where(eq(partners.id, partner.id));
    await fault?.({ kind: 'partnership', id: partner.id });
    return 'charged';
  });

/** Every year a partner owes, one transaction each, until its date is ahead or the money runs short. */
export const renewPartnership = async (deps: Deps, partnerId: string, now: Date, fault?: Fault) => {
  const steps: PartnershipStep[] = [];
  for (;;) {
    const step = await renewPartnershipStep(deps, partnerId, now, fault);
    if (step === 'not-due') return steps;
    steps.push(step);
    if (step === 'short') return steps;
  }
};
