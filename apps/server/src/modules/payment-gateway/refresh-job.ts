import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/open.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import type { PaymentGatewayCtx } from './context.js';
import { refreshConnection } from './refresh.js';
import { refreshableConnections } from './refresh-queries.js';
import { enqueueRefresh, REFRESH_JOB } from './refresh-schedule.js';

const Payload = z.object({ partnerId: z.string(), accountId: z.string(), expiresAt: z.iso.datetime() });

/** At start: every refreshable connection has its refresh scheduled (those made before there were jobs too). */
export const ensureRefreshesScheduled = async (db: DbOrTx, now: Date) => {
  for (const due of await refreshableConnections(db)) await enqueueRefresh(db, due, now);
};

/** The access token's refresh, a week before it ends (refresh.ts holds the rule). */
export const refreshJobs = (ctx: PaymentGatewayCtx): JobHandlers => ({
  [REFRESH_JOB]: async (job) => {
    const p = Payload.parse(job.payload);
    await refreshConnection(ctx, { ...p, expiresAt: new Date(p.expiresAt) });
  },
});
