import type { MetaPricing } from '@pc/contract';
import { readMetaPricing } from './meta-pricing.js';
import type { PricingModel } from './pricing-models.js';
import type { Category } from './price.js';

/**
 * Per-message pricing, one message at a time (Meta's pricing page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing): what a
 * message's statuses so far make of it. Pure, so that the rule can be read and tested apart from
 * the batch that applies it (messages-step.ts).
 */

export type RecordedStatus = {
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  pricing: MetaPricing | null;
};

const order = { sent: 0, delivered: 1, read: 2, failed: 3 } as const;
export const inTimeOrder = (statuses: readonly RecordedStatus[]) =>
  [...statuses].sort((a, b) => a.at.getTime() - b.at.getTime() || order[a.status] - order[b.status]);

/**
 * Whether the message counts: it was sent or delivered, and did not fail undelivered. Meta charges
 * delivered messages; charging takes the price at the first status (normally `sent`, so that the
 * balance covers it before it goes out) and gives it back if the message then fails undelivered.
 * A `delivered` or `read` after a `failed` (a user with several devices) means it was delivered.
 */
export const isLive = (statuses: readonly RecordedStatus[]): boolean => {
  const delivered = statuses.some((s) => s.status === 'delivered' || s.status === 'read');
  const failed = statuses.some((s) => s.status === 'failed');
  return statuses.some((s) => s.status !== 'failed') && (delivered || !failed);
};

/** The first thing Meta said of the message's price, in time order. */
export const metaWordOf = (statuses: readonly RecordedStatus[]): MetaPricing | null =>
  inTimeOrder(statuses).find((s) => s.pricing)?.pricing ?? null;

export type Decision = {
  category: Category;
  billable: boolean;
  /** Meta's words: regular, free_customer_service, free_entry_point (or Meta's own type). */
  type: string;
  /** Meta named a category the console does not know: kept, not charged. */
  unknownCategory: boolean;
};

/**
 * How the message is priced. Meta's pricing object decides when a status carried one; else the
 * pricing model in force: any message in an open free entry point window is free
 * (entry-point-windows.ts); marketing and authentication templates are charged; a utility template
 * is free inside an open customer service window unless the model charges it there; a service
 * (non-template) message is free unless the model charges service, and then while the number's
 * free tier for the month lasts.
 */
export const decide = (
  m: {
    category: Category;
    word: MetaPricing | null;
    windowOpen: boolean;
    entryPointOpen: boolean;
    serviceFreeTierLeft: boolean;
  },
  model: Pick<PricingModel, 'serviceCharged' | 'utilityInWindowCharged'>,
): Decision => {
  if (m.word) {
    const meta = readMetaPricing(m.word);
    return {
      category: meta.category ?? m.category,
      billable: meta.billable && meta.category !== null,
      type: meta.type,
      unknownCategory: meta.category === null,
    };
  }
  const free = (type: string): Decision => ({ category: m.category, billable: false, type, unknownCategory: false });
  const regular: Decision = { category: m.category, billable: true, type: 'regular', unknownCategory: false };
  if (m.entryPointOpen) return free('free_entry_point');
  if (m.category === 'utility' && m.windowOpen && !model.utilityInWindowCharged) return free('free_customer_service');
  if (m.category === 'service' && (!model.serviceCharged || m.serviceFreeTierLeft))
    return free('free_customer_service');
  return regular;
};
