import { messages, webhookUrlProblem, type ProfileUpdateRequest } from '@pc/contract';
import type { Env } from '../../env.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { Db } from '../../platform/db/open.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { lockPartner, updatePartner, type PartnerRow } from '../partners/queries.js';
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

/**
 * The activity log's before and after: the fields the update changed. The SSO secret's value is
 * never written, only that it was rotated (a new one) or removed (single sign-on off).
 */
const profileChange = (partner: PartnerRow, values: Partial<PartnerRow>) => {
  const { ssoSecretKey, ...shown } = values;
  const was = Object.fromEntries(Object.keys(shown).map((key) => [key, partner[key as keyof PartnerRow]]));
  const { before, after } = changedFields(was, shown);
  if (ssoSecretKey !== undefined && ssoSecretKey !== partner.ssoSecretKey)
    after.secret = ssoSecretKey ? 'rotated' : 'removed';
  return { before, after };
};

/** Saves only the fields sent; an empty update is refused rather than silently accepted. */
export const updateProfile = async (env: Env, db: Db, viewer: AgentViewer, input: ProfileUpdateRequest) => {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) throw badRequest('Nothing to update.');
  checkWebhookUrl(env, input.webhookUrl);
  await db.transaction(async (tx) => {
    const partner = await lockPartner(tx, viewer.partnerId);
    if (!partner) throw notFound();
    await updatePartner(tx, viewer.partnerId, values);
    const { before, after } = profileChange(partner, values);
    if (Object.keys(after).length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'partner.profile',
        target: { kind: 'partner', id: partner.id, name: partner.name },
        before,
        after,
      });
  });
  return { message: messages.profileUpdated };
};
