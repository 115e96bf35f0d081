import { counter } from './registry.js';

/**
 * The product's own counts since this process started, counted where the work is done: one add each,
 * whether /metrics is on or not. Message events and conversations are counted once their transaction
 * has committed; ledger rows as they are written (a transaction rolled back afterwards, a retried
 * conflict, still counts its rows).
 */
export const productCounters = {
  messageEvents: counter(
    'pc_message_events_total',
    'Message events received from the messaging platform, by outcome (accepted, duplicate, rejected: unknown project; unknown_pricing_category: Meta named a category charging does not know).',
    ['outcome'],
  ),
  conversations: counter(
    'pc_conversations_opened_total',
    'Conversations opened, or since per-message pricing messages priced, by ingested message events, by how they were charged (WCC, CENTRAL, FREE, UNBILLED).',
    ['charge'],
  ),
  ledgerEntries: counter(
    'pc_ledger_entries_written_total',
    'Billing-log (ledger) rows written, by balance; rows of a transaction later rolled back count too.',
    ['balance'],
  ),
};

export const renderProductCounters = () =>
  Object.values(productCounters)
    .map((c) => c.render())
    .join('');
