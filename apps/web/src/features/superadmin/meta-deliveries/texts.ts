import type { UnplacedReason } from '@pc/contract';

/** Ours: the spec has no such screen; the super-admin's words for what Meta said that nothing could be charged for. */
export const metaDeliveriesTexts = {
  title: 'Meta Deliveries',
  intro:
    "What Meta's webhooks said that no project could be charged for: statuses of messages the console did not send, and prices in a category the console does not know. Nothing here was charged.",
  loadFailed: "Cannot fetch what Meta's webhooks said",
  statuses: {
    title: 'Statuses not placed',
    empty: 'Nothing unplaced.',
    columns: {
      received: 'Received',
      messageId: 'Message id',
      status: 'Status',
      recipient: 'Recipient',
      reason: 'Why',
      error: 'Error',
    },
  },
  categories: {
    title: 'Unknown pricing categories',
    empty: 'No unknown categories.',
    columns: {
      category: 'Category',
      partner: 'Partner',
      project: 'Project',
      messages: 'Messages',
      last: 'Last',
    },
  },
} as const;

export const unplacedReasonLabels: Record<UnplacedReason, string> = {
  not_ours: 'Not sent by the console',
  unknown_project: 'Project not found',
};
