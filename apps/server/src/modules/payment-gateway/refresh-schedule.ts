import type { DbOrTx } from '../../platform/db/open.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { DueRefresh } from './refresh-queries.js';

export const REFRESH_JOB = 'payment-gateway.refresh';
/**
 * How long before an access token ends it is renewed: a week, so an outage of Razorpay's is
 * retried for days before the token would lapse (Razorpay's last 91 days, refresh tokens 180).
 */
export const REFRESH_AHEAD_MS = 7 * 24 * 3600_000;
// The runner's backoff reaches an hour after ten attempts: 200 keep retrying hourly past the week.
const MAX_ATTEMPTS = 200;

/**
 * The refresh of the token of this expiry, due a week before it (at once if that is past), written
 * in the caller's transaction. Keyed by the expiry: the job that refreshes schedules the next one
 * while it is itself still pending, and a second schedule of the same token is dropped.
 */
export const enqueueRefresh = (db: DbOrTx, due: DueRefresh, now: Date) =>
  enqueue(db, {
    kind: REFRESH_JOB,
    payload: { partnerId: due.partnerId, accountId: due.accountId, expiresAt: due.expiresAt.toISOString() },
    runAt: new Date(Math.max(now.getTime(), due.expiresAt.getTime() - REFRESH_AHEAD_MS)),
    key: `${REFRESH_JOB}:${due.partnerId}:${due.accountId}:${due.expiresAt.toISOString()}`,
    maxAttempts: MAX_ATTEMPTS,
  });
