import { useQuery } from '@tanstack/react-query';
import { fetchManagedWebhooks, fetchProjectWebhooks } from './api';
import { webhookKeys, type WebhookListSource } from './keys';

/** A project's webhooks, by the project detail's call or the management screen's (doc 2 section 7.2). */
export const useWebhookList = (projectId: string, source: WebhookListSource, enabled = true) =>
  useQuery({
    queryKey: webhookKeys.list(projectId, source),
    queryFn: () => (source === 'project' ? fetchProjectWebhooks(projectId) : fetchManagedWebhooks(projectId)),
    select: (answer) => answer.webhooks,
    enabled,
  });
