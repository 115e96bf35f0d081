import type { Env } from '../../../env.js';
import type { Db } from '../../../platform/db/open.js';
import { createGraphMetaMessages } from './graph.js';
import type { MetaMessagesProvider, ReportStatus } from './messages.js';
import { createSandboxMetaMessages, type SandboxMetaMessagesOptions } from './sandbox.js';

/**
 * The message side of Meta: the sandbox by default, the Graph API when META_MODE=live. `report` is
 * what the sandbox's status reports are handed to (the live statuses come as Meta's webhooks).
 */
export const createMetaMessages = (
  env: Env,
  db: Db,
  now: () => Date,
  report: ReportStatus,
  pricingOf?: SandboxMetaMessagesOptions['pricingOf'],
): MetaMessagesProvider => {
  if (env.META_MODE === 'live') {
    if (!env.META_SYSTEM_USER_TOKEN) throw new Error('META_MODE=live needs META_SYSTEM_USER_TOKEN');
    return createGraphMetaMessages({ graphUrl: env.graphUrl, token: env.META_SYSTEM_USER_TOKEN, now });
  }
  return createSandboxMetaMessages({
    db,
    now,
    delayMs: env.META_SANDBOX_MESSAGE_DELAY_MS,
    report,
    ...(pricingOf ? { pricingOf } : {}),
  });
};
