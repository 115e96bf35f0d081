import type { DeliveryFilter } from './deliveries/url';

/** Which list call a table uses: the project detail's or the management screen's (doc 2 section 7.2). */
export type WebhookListSource = 'project' | 'manage';

export const webhookKeys = {
  all: ['webhooks'] as const,
  project: (projectId: string) => [...webhookKeys.all, projectId] as const,
  /** Both lists of a project: invalidated after any change to its webhooks. */
  lists: (projectId: string) => [...webhookKeys.project(projectId), 'list'] as const,
  list: (projectId: string, source: WebhookListSource) => [...webhookKeys.lists(projectId), source] as const,
  privateApp: (projectId: string) => [...webhookKeys.project(projectId), 'private-app'] as const,
  /** Everything of one webhook's delivery log. */
  log: (projectId: string, webhookId: string) => [...webhookKeys.project(projectId), 'log', webhookId] as const,
  /** The cursor pages of one filter, held together. */
  deliveries: (projectId: string, webhookId: string, status: DeliveryFilter) =>
    [...webhookKeys.log(projectId, webhookId), 'pages', status] as const,
  delivery: (projectId: string, webhookId: string, deliveryId: string) =>
    [...webhookKeys.log(projectId, webhookId), 'detail', deliveryId] as const,
};
