import { chatWebhookTopics, type Webhook } from '@pc/contract';

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
 * Generate: the oldest webhook subscribed to message.sender.user or message.status.updated, else the
 * oldest; none without webhooks ('subscribe to webhook first'). The tab shows and edits the webhook
 * whose secret Generate replaces.
 */
export const chatWebhookOf = (webhooks: readonly Webhook[]): Webhook | null => {
  const sorted = [...webhooks].sort(oldestFirst);
  const chat: readonly string[] = chatWebhookTopics;
  return sorted.find((webhook) => webhook.topics.some((topic) => chat.includes(topic))) ?? sorted[0] ?? null;
};
