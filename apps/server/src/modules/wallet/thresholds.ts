import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { enqueue } from '../../platform/jobs/queue.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { centralForecast, projectCreditForecasts } from './burn.js';
import type { Forecast } from './forecast.js';
import { notifyWalletLevel } from '../notifications/events.js';
import {
  clearCrossed,
  markCrossed,
  partnersWithThresholds,
  thresholdsOf,
  type ThresholdRow,
} from './threshold-queries.js';

export const THRESHOLD_MAIL_JOB = 'mail.wallet-threshold';
export const THRESHOLDS_JOB = 'wallet.thresholds';

/**
 * A warning level is crossed when the balance is below it (AMOUNT), or when it would be spent in
 * fewer days than it says at the forecast's rate (DAYS; a balance that is not being spent never is).
 */
export const isCrossed = (t: Pick<ThresholdRow, 'kind' | 'value'>, f: Forecast): boolean =>
  t.kind === 'AMOUNT' ? f.balance < t.value : f.daysToZero !== null && f.daysToZero < t.value;

/**
 * Checks the partner's warning levels against its balances now: a level newly crossed is marked and
 * its mail queued in the same transaction (one mail per crossing, whichever process checks); a level
 * the balance is back above is cleared, so the next crossing mails again.
 */
export const checkPartnerThresholds = async (deps: Deps, partnerId: string) => {
  const now = deps.now();
  const levels = await thresholdsOf(deps.db, partnerId);
  if (levels.length === 0) return { crossed: 0, cleared: 0 };
  const projectIds = levels.flatMap((t) => (t.projectId ? [t.projectId] : []));
  const [central, credits] = await Promise.all([
    levels.some((t) => !t.projectId) ? centralForecast(deps.db, partnerId, now) : null,
    projectIds.length > 0 ? projectCreditForecasts(deps.db, partnerId, now, projectIds) : null,
  ]);
  let crossed = 0;
  let cleared = 0;
  for (const t of levels) {
    const f = t.projectId ? credits?.get(t.projectId) : central;
    if (!f) continue;
    if (isCrossed(t, f) && !t.crossedAt) {
      const marked = await retriedTransaction(deps.db, async (tx) => {
        if (!(await markCrossed(tx, t, now))) return false;
        await queueThresholdMail(tx, t, now);
        await notifyWalletLevel(tx, t, now);
        return true;
      });
      if (marked) crossed += 1;
    } else if (!isCrossed(t, f) && t.crossedAt) {
      await clearCrossed(deps.db, t);
      cleared += 1;
    }
  }
  return { crossed, cleared };
};

const queueThresholdMail = (tx: DbOrTx, t: ThresholdRow, now: Date) =>
  enqueue(tx, {
    kind: THRESHOLD_MAIL_JOB,
    payload: { partnerId: t.partnerId, thresholdId: t.id },
    runAt: now,
    key: `${THRESHOLD_MAIL_JOB}:${t.id}:${now.toISOString()}`,
  });

/** Every partner with a warning level, one after the other; one failing does not stop the others. */
export const checkAllThresholds = async (deps: Deps) => {
  let failure: unknown = null;
  for (const { partnerId } of await partnersWithThresholds(deps.db))
    await checkPartnerThresholds(deps, partnerId).catch((error: unknown) => {
      failure ??= error;
    });
  if (failure) throw failure;
};
