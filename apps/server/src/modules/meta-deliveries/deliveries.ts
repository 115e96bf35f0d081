import { z } from 'zod';
import { META_DELIVERIES_LIMIT, type MetaDeliveriesResponse, type UnplacedReason } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { newestUnplaced, unknownCategoryGroups } from './queries.js';

/** Meta's error, when the kept status has one (a failed message's). */
const ReportError = z.object({ error: z.object({ code: z.number(), title: z.string() }) });

const errorOf = (report: unknown) => {
  const read = ReportError.safeParse(report);
  return read.success ? { error: read.data.error } : {};
};

/**
 * What Meta's webhooks said that no project could be charged for: the newest statuses of messages
 * the console did not send, and the messages Meta priced in a category the console does not know.
 */
export const readMetaDeliveries = async (db: DbOrTx): Promise<MetaDeliveriesResponse> => {
  const statuses = await newestUnplaced(db, META_DELIVERIES_LIMIT);
  const groups = await unknownCategoryGroups(db, META_DELIVERIES_LIMIT);
  return {
    unplacedStatuses: statuses.map((s) => ({
      messageId: s.messageId,
      status: s.status,
      recipient: s.recipient,
      occurredAt: s.occurredAt.toISOString(),
      // The table's two reasons (schema/meta-accounts.ts); the answer's schema checks it.
      reason: s.reason as UnplacedReason,
      receivedAt: s.receivedAt.toISOString(),
      ...errorOf(s.report),
    })),
    unknownCategories: groups.map((g) => ({ ...g, lastAt: g.lastAt.toISOString() })),
  };
};
