import type { MetaPricing } from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { partnerOf } from '../../platform/db/partner-of.js';
import { projects } from '../../platform/db/schema.js';
import type { MessageStatusReport } from '../../providers/meta/messages/messages.js';
import { entryPointWindows } from '../charging/entry-point-windows.js';
import { decide } from '../charging/message-decision.js';
import { loadPricingModels, modelAt } from '../charging/pricing-models.js';
import { windowOpenFor } from '../charging/service-windows.js';
import { findPayers } from './queries.js';
import { messageEventOf } from './status.js';

/**
 * What Meta's `pricing` object would say of a template message the sandbox sends (the status
 * webhook reference: "pricing" on `sent` and on `delivered` or `read`), by Meta's documented rule
 * as charging reads it: the model of the day, a utility template free in the user's open customer
 * service window while Meta keeps it free, any message free in an open free entry point window.
 * The sandbox's statuses carry it as Meta's do, so that charging takes Meta's word in the sandbox
 * as it does live. Nothing for a message not of ours.
 */
export const sandboxPricingOf =
  (db: Db) =>
  async (
    report: Pick<MessageStatusReport, 'callbackData' | 'recipient' | 'timestamp'>,
  ): Promise<MetaPricing | undefined> => {
    const event = messageEventOf({ ...report, messageId: 'pricing', status: 'sent' });
    if (!event) return undefined;
    // The project's partner from the partner directory (a table on every node), not a read of the
    // project by its id alone, which a distributed database would ask of every node.
    const partnerId = await partnerOf(db, projects, event.projectId);
    const payers = partnerId !== undefined && (await findPayers(db, partnerId, event.projectId));
    if (partnerId === undefined || !payers) return undefined;
    const at = new Date(report.timestamp);
    const model = modelAt(await loadPricingModels(db), payers.currency, at, payers.timezone);
    const k = { partnerId, projectId: event.projectId, recipient: report.recipient, at };
    const windowOpen = event.category === 'utility' && (await windowOpenFor(db, k));
    const send = { projectId: event.projectId, recipient: report.recipient, at };
    const entryPointOpen = (await entryPointWindows(db, [partnerId], [send]))(send.projectId, send.recipient, at);
    const decision = decide(
      { category: event.category, word: null, windowOpen, entryPointOpen, serviceFreeTierLeft: false },
      model,
    );
    return {
      billable: decision.billable,
      pricing_model: model.model,
      type: decision.type,
      category: decision.category,
    };
  };
