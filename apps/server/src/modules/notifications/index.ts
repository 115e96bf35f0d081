import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { BANNER_CHECK_JOB, checkAllBanners } from './banner-check.js';
import { notificationMailJobs } from './mail.js';
import { notificationRoutes } from './routes.js';

/**
 * The bell's notifications (docs/notifications.md): the list, read marks and mail preferences of
 * each member; the mails of the kinds each member chose; and the check that tells the banners of a
 * state (renewal due, low balance), every WALLET_CHECK_MINUTES as the wallet's own levels.
 */
export const notificationsModule = (deps: Deps): { routes: FastifyPluginAsync; jobHandlers: JobHandlers } => ({
  routes: async (app) => {
    await app.register(notificationRoutes(deps));
  },
  jobHandlers: {
    ...notificationMailJobs(deps),
    [BANNER_CHECK_JOB]: async () => {
      await checkAllBanners(deps);
      return { retryAt: new Date(deps.now().getTime() + deps.env.WALLET_CHECK_MINUTES * 60_000) };
    },
  },
});

/** Makes sure the banner check exists (at start; a second call, or a second server, adds nothing). */
export const ensureBannerCheckScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: BANNER_CHECK_JOB, payload: {}, runAt: now, key: BANNER_CHECK_JOB, maxAttempts: 1000 });
