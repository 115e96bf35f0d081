import { webhookMessages } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { webhookKeys } from './keys';

type Options<O> = {
  /** The spec's text on success; else the server's message. */
  success?: string;
  onSuccess?: (out: O) => void;
  /** The caller shows this failure itself (a field's message at the field); true when it did. */
  onError?: (error: unknown) => boolean;
};

/**
 * A change to a project's webhooks: the spec's (or the server's) message on success, the server's
 * message or 'something went wrong, tryagain' on failure (doc 2 section 8), then both of the
 * project's lists reload.
 */
export const useWebhookMutation = <I, O extends { message?: string }>(
  projectId: string,
  fn: (input: I) => Promise<O>,
  opts: Options<O> = {},
) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      notify.success(opts.success ?? out.message ?? '');
      opts.onSuccess?.(out);
      await client.invalidateQueries({ queryKey: webhookKeys.lists(projectId) });
    },
    onError: (error) => {
      if (opts.onError?.(error)) return;
      notify.error(errorText(error, webhookMessages.failed));
    },
  });
};
