import { isChatWebhook, type Webhook } from '@pc/contract';

/** A webhook's topics in one cell (doc 2 section 2.4): the first, then '+N' for the others ('message.created +2'). */
export const topicsSummary = (topics: readonly string[]): string => {
  const [first, ...rest] = topics;
  if (first === undefined) return '-';
  return rest.length > 0 ? `${first} +${rest.length}` : first;
};

/**
 * The topics a dialog does not offer but the webhook has (the management screen offers the 11
 * contact topics; a webhook made on the project's tab may also hold message.* ones): kept and sent
 * back as they are, so editing there never drops a subscription silently.
 */
export const topicsNotOffered = (topics: readonly string[], offered: readonly string[]): string[] =>
  topics.filter((topic) => !offered.includes(topic));

const oldestFirst = (a: Webhook, b: Webhook) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a._id < b._id ? -1 : 1;

/**
 * The Project Api tab's chat webhook (doc 2 sections 5.4 and 7.2), by the server's rule for its
 * Generate: the oldest webhook subscribed to message.sender.user and message.status.updated and
 * nothing else (`isChatWebhook`); none otherwise ('subscribe to webhook first', and saving a URL
 * makes one). The tab shows and edits the webhook whose secret Generate replaces.
 */
export const chatWebhookOf = (webhooks: readonly Webhook[]): Webhook | null =>
  [...webhooks].sort(oldestFirst).find((webhook) => isChatWebhook(webhook.topics)) ?? null;
