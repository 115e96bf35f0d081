import type { Deps } from '../../deps.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { accountMailJobs } from './mail.js';
import { receiveAccountChange, type AccountDelivery, type AccountOutcome } from './receive.js';

/**
 * Meta's account and number webhooks (account_update, phone_number_quality_update,
 * phone_number_name_update, account_review_update, business_capability_update, account_alerts):
 * kept as they came and applied to the projects of the account they name. Meta's webhook route
 * (modules/templates/provider-routes.ts) hands each such change here.
 */
export { applyHeldAccountEvents } from './held.js';

export type AccountEventsModule = {
  receive: (delivery: AccountDelivery) => Promise<AccountOutcome>;
  jobHandlers: JobHandlers;
};

export const accountEventsModule = (deps: Deps): AccountEventsModule => ({
  receive: (delivery) => receiveAccountChange(deps, delivery),
  jobHandlers: accountMailJobs(deps),
});
