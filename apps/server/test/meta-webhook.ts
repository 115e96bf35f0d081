import { META_DELIVERY_JOB } from '../src/modules/templates/meta-deliveries.js';
import { runDueJobs } from '../src/platform/jobs/runner.js';
import type { TestContext } from './harness.js';

/**
 * Meta's webhook as Meta posts it (the raw body, its X-Hub-Signature-256 unless null), then the jobs
 * deliveries due, as the runner would run them at once: the route stores a verified delivery and answers, and
 * its job does the work (modules/templates/meta-deliveries.ts).
 */
export const postMetaWebhook = async (
  t: Pick<TestContext, 'app' | 'deps' | 'clock'>,
  raw: string,
  signature: string | null,
  remoteAddress?: string,
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/platform/meta/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: raw,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  // Only the deliveries' jobs: what they enqueue in turn (a mail) stays for the test to see.
  const deliveries = { [META_DELIVERY_JOB]: t.app.jobHandlers[META_DELIVERY_JOB]! };
  if (res.statusCode === 200) await runDueJobs(t.deps.db, deliveries, () => t.clock.now);
  return res;
};
