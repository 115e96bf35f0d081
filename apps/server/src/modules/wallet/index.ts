import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { walletRoutes } from './routes.js';
import { thresholdMailJobs } from './threshold-mail.js';
import { checkAllThresholds, THRESHOLDS_JOB } from './thresholds.js';

/**
 * The wallet that sees the future (docs/wallet.md): each balance's burn and days to
 * zero from the balance day rows, the dates the banners will appear, the partner's warning levels
 * (checked every WALLET_CHECK_MINUTES and when set; one mail per crossing, a banner while crossed),
 * and the campaign pre-flight. A project short of money resumes through renewals/resume-queue.ts.
 */
export const walletModule = (deps: Deps): { routes: FastifyPluginAsync; jobHandlers: JobHandlers } => ({
  routes: async (app) => {
    await app.register(walletRoutes(deps));
  },
  jobHandlers: {
    ...thresholdMailJobs(deps),
    [THRESHOLDS_JOB]: async () => {
      await checkAllThresholds(deps);
      return { retryAt: new Date(deps.now().getTime() + deps.env.WALLET_CHECK_MINUTES * 60_000) };
    },
  },
});

/** Makes sure the warning levels' check exists (at start; a second call, or a second server, adds nothing). */
export const ensureWalletCheckScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: THRESHOLDS_JOB, payload: {}, runAt: now, key: THRESHOLDS_JOB, maxAttempts: 1000 });
