import type { InboundMessage } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import type { InboundMessageReport } from '../../providers/meta/messages/inbound.js';
import { ingestMessages } from '../charging/ingest.js';
import { projectsOfPhoneNumbers } from '../opt-outs/queries.js';
import { countryOfBsuid, countryOfNumber } from './recipient.js';

/** How many users' messages one ingestion takes (one transaction each). */
const INBOUND_BATCH = 1_000;

/**
 * Users' messages from Meta's `messages` webhook, recorded as the platform's inbound messages: each
 * opens or refreshes the customer service window of the project that has the number it came to
 * (found by Meta's phone number id), and the project's webhooks hear `message.sender.user`. A
 * message to a number no project has, or from a sender of no country, is left out; a repeat
 * changes nothing.
 */
export const recordInboundMessages =
  (db: Db) =>
  async (reports: InboundMessageReport[]): Promise<void> => {
    if (reports.length === 0) return;
    const projects = await projectsOfPhoneNumbers(
      db,
      reports.map((r) => r.phoneNumberId),
    );
    const inbound = reports.flatMap((r): InboundMessage[] => {
      const from = r.from ?? r.fromUserId;
      const country = r.from ? countryOfNumber(r.from) : r.fromUserId ? countryOfBsuid(r.fromUserId) : null;
      if (!from || !country) return [];
      return (projects.get(r.phoneNumberId) ?? []).map((p) => ({
        messageId: r.messageId,
        projectId: p.projectId,
        from,
        country,
        timestamp: r.timestamp,
        ...(r.referral ? { entryPoint: true } : {}),
        ...(r.profileName ? { name: r.profileName.slice(0, 200) } : {}),
        ...(r.text ? { text: r.text.slice(0, 4096) } : {}),
      }));
    });
    for (let i = 0; i < inbound.length; i += INBOUND_BATCH)
      await ingestMessages(db, { events: [], inbound: inbound.slice(i, i + INBOUND_BATCH) });
  };
