import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import { sessionKeys } from '../../../session/keys';
import { useNotify } from '../../../ui/useNotify';

type Options<O> = {
  /** The spec's text when the server sends no message. */
  fallback: string;
  /** How a failure reads, given the server's message (or the fallback). */
  failure?: (message: string) => string;
  onSuccess?: (out: O) => void;
  /** The action takes the user away from the project (a delete): leave first, then read again. */
  leavesProject?: boolean;
  /** Messages stay this long instead of the usual 3 s (the Defaults tab's 4 s). */
  hideAfterMs?: number;
};

/**
 * A plan, credit, add-on or project action: the server's message on success, its error on failure.
 * The project, the lists and the session's partner (its central balance) are read again before
 * `onSuccess` closes the dialog, so that what the page shows next (or the dialog reopened at once)
 * is the server's new state, never the one before the action.
 */
export const useAction = <I, O extends { message?: string }>(fn: (input: I) => Promise<O>, opts: Options<O>) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      if (out.message) notify.success(out.message, { hideAfterMs: opts.hideAfterMs });
      if (opts.leavesProject) opts.onSuccess?.(out);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['project'] }),
        client.invalidateQueries({ queryKey: ['projects'] }),
        client.invalidateQueries({ queryKey: sessionKeys.partner() }),
      ]);
      if (!opts.leavesProject) opts.onSuccess?.(out);
    },
    onError: (error) => {
      const message = errorText(error, opts.fallback);
      notify.error(opts.failure ? opts.failure(message) : message, { hideAfterMs: opts.hideAfterMs });
    },
  });
};
