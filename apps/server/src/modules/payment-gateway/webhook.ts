import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { PaymentGatewayCtx } from './context.js';
import { accountIsKnown, endAccountConnections, recordWebhookEvent, setWebhookOutcome } from './webhook-queries.js';

/** Razorpay's OAuth webhook event: the merchant revoked the partner application's access. */
export const AUTHORIZATION_REVOKED = 'account.app.authorization_revoked';

/**
 * Razorpay's webhook envelope (`{ entity, account_id, event, contains, payload, created_at }`; its
 * OAuth sample has only event, account_id, contains and created_at). Loose on purpose: a body
 * refused here is retried by Razorpay for a day, and other keys are not read.
 */
export const RazorpayWebhookBody = z.looseObject({
  entity: z.string().max(100).optional(),
  event: z.string().min(1).max(200),
  account_id: z.string().max(100).optional(),
  contains: z.array(z.string().max(100)).max(50).optional(),
  created_at: z.number().int().nonnegative().optional(),
});
export type RazorpayWebhookBody = z.infer<typeof RazorpayWebhookBody>;

export type RazorpayDelivery = { eventId: string | undefined; rawBody: Buffer; body: RazorpayWebhookBody };
/** ignored: not an event the console acts on (nothing kept); duplicate: its event id was handled already. */
export type WebhookOutcome = 'ignored' | 'duplicate' | 'disconnected' | 'unchanged' | 'unknown_account';

/**
 * A verified delivery. `account.app.authorization_revoked` is kept once per event id and, in the
 * same transaction, ends the live connections of that account made before the revocation (kept,
 * disconnected as REVOKED at Razorpay's `created_at`): a repeated or late delivery changes nothing
 * more, and does not end a connection made since. Other events are answered and not kept.
 */
export const receiveRazorpayWebhook = async (ctx: PaymentGatewayCtx, d: RazorpayDelivery): Promise<WebhookOutcome> => {
  const { event, account_id: accountId, created_at: createdAt } = d.body;
  if (event !== AUTHORIZATION_REVOKED || !accountId) return 'ignored';
  const now = ctx.now();
  // Without Razorpay's id, the same body is the same event (a retry resends it as it was).
  const eventId = d.eventId || `sha256:${createHash('sha256').update(d.rawBody).digest('hex')}`;
  const revokedAt = createdAt === undefined ? now : new Date(createdAt * 1000);
  return ctx.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const kept = await recordWebhookEvent(tx, {
      eventId,
      event,
      accountId,
      happenedAt: revokedAt,
      outcome: 'received',
      receivedAt: now,
    });
    if (!kept) return 'duplicate';
    const ended = await endAccountConnections(tx, accountId, revokedAt);
    const outcome =
      ended.length > 0 ? 'disconnected' : (await accountIsKnown(tx, accountId)) ? 'unchanged' : 'unknown_account';
    await setWebhookOutcome(tx, eventId, outcome);
    return outcome;
  });
};
