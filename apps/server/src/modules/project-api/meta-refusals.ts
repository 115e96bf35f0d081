import { isBsuid } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';
import type { Category } from '../charging/price.js';
import { marketingStopped } from '../opt-outs/check.js';

/**
 * Sends Meta would not deliver, refused before sending with Meta's code and words, so nothing is
 * sent or charged and the client reads the same answer as for Meta's own refusal (send.ts).
 */

/**
 * 131050, Meta's "WhatsApp error codes" page
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes,
 * copy fetched 11 Sep 2026): "Unable to deliver the message. This recipient has chosen to stop
 * receiving marketing messages on WhatsApp from your business." / "Do not retry sending messages to
 * this user as they will not be received." Meta itself accepts such a send and fails it by a status
 * webhook (its marketing templates page); the console knows the user's choice from the
 * `user_preferences` webhook (modules/opt-outs) and spares the send.
 */
export const marketingStoppedRefusal = (): MetaApiError =>
  new MetaApiError(
    400,
    131050,
    undefined,
    '(#131050) Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business',
    'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business',
    'Do not retry sending messages to this user as they will not be received.',
  );

/**
 * 131062, Meta's "Business-scoped user IDs" page (29 June 2026): BSUIDs can be used for "any type of
 * message except for one-tap, zero-tap, and copy code authentication templates", which every
 * authentication template is; "Business-scoped User ID (BSUID) recipients are not supported for
 * this message." (its 2025 version: "You can only send authentication messages to recipients' phone
 * numbers, not their business-scoped user IDs.")
 */
export const bsuidAuthenticationRefusal = (): MetaApiError =>
  new MetaApiError(
    400,
    131062,
    undefined,
    '(#131062) Business-scoped User ID (BSUID) recipients are not supported for this message',
    'Business-scoped User ID (BSUID) recipients are not supported for this message',
    "You can only send authentication messages to recipients' phone numbers, not their business-scoped user IDs.",
  );

/** Meta's refusal of a template message of the project to `to`, or null when Meta would take it. */
export const refusalBeforeSending = async (
  db: DbOrTx,
  project: { id: string; partnerId: string },
  d: { to: string; category: Exclude<Category, 'service'> },
): Promise<MetaApiError | null> => {
  if (d.category === 'authentication' && isBsuid(d.to)) return bsuidAuthenticationRefusal();
  if (
    d.category === 'marketing' &&
    (await marketingStopped(db, { partnerId: project.partnerId, projectId: project.id, recipient: d.to }))
  )
    return marketingStoppedRefusal();
  return null;
};
