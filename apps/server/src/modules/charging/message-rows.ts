import type { MetaPricing } from '@pc/contract';
import { newId } from '../../platform/db/ids.js';
import type { conversations } from '../../platform/db/schema.js';
import type { Charged, ProjectInfo } from './charge.js';
import type { Decision, RecordedStatus } from './message-decision.js';
import type { Category } from './price.js';

/** What a priced message's row (`conversations`, PMP) is written from, and the row's values. */

export type Unit = typeof conversations.$inferSelect;

/** A message the batch brought news of, with every status recorded of it. */
export type Message = {
  messageId: string;
  project: ProjectInfo;
  category: Category;
  initiator: 'business' | 'user';
  country: string;
  recipient: string;
  statuses: RecordedStatus[];
};

export const chargedValues = (c: Charged & { volumeCount: number | null }): Partial<Unit> => ({
  volumeCount: c.volumeCount,
  billingStatus: c.status,
  amount: c.amount,
  providerAmount: c.providerAmount,
  balance: c.balance,
  billingLogId: c.billingLogId,
});

export const unitRow = (
  m: Message,
  at: Date,
  d: Decision,
  c: Charged & { volumeCount: number | null },
  word: MetaPricing | null,
): typeof conversations.$inferInsert => ({
  id: newId(),
  partnerId: m.project.partnerId,
  projectId: m.project.id,
  category: d.category,
  initiator: m.initiator,
  recipient: m.recipient,
  country: m.country,
  startedAt: at,
  // Priced on its own: nothing joins it.
  windowEndsAt: at,
  pricingModel: 'PMP',
  messageId: m.messageId,
  pricingType: d.type,
  metaPricing: word,
  metaCategoryUnknown: d.unknownCategory,
  ...chargedValues(c),
  amount: c.amount,
  providerAmount: c.providerAmount,
  billingStatus: c.status,
});
