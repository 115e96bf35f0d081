import { messages, webhookUrlProblem, type ProfileUpdateRequest } from '@pc/contract';
import type { Env } from '../../env.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { updatePartner } from '../partners/queries.js';
import { isSandboxReceiverUrl } from '../webhooks/sandbox-receiver.js';

/**
 * The profile's webhook URL is called by the server as the webhooks' are, so it is held to their
 * rule (webhooks/rules.ts): no loopback or private address, no credentials in it, the same texts.
 */
const checkWebhookUrl = (env: Env, url: string | null | undefined) => {
  if (url === null || url === undefined) return;
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_URLS || isSandboxReceiverUrl(env, url);
  const problem = webhookUrlProblem(url, { allowPrivate });
  if (problem) throw badRequest(problem, { webhookUrl: problem });
};

/** Saves only the fields sent; an empty update is refused rather than silently accepted. */
export const updateProfile = async (env: Env, db: DbOrTx, partnerId: string, input: ProfileUpdateRequest) => {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) throw badRequest('Nothing to update.');
  checkWebhookUrl(env, input.webhookUrl);
  await updatePartner(db, partnerId, values);
  return { message: messages.profileUpdated };
};
