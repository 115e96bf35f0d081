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
  /** Messages stay this long instead of the usual 3 s (the Defaults tab's 4 s). */
  hideAfterMs?: number;
};

/**
 * A plan, credit, add-on or project action: the server's message on success, its error on failure,
 * then the project, the lists and the session's partner (its central balance) are read again.
 */
export const useAction = <I, O extends { message?: string }>(fn: (input: I) => Promise<O>, opts: Options<O>) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      if (out.message) notify.success(out.message, { hideAfterMs: opts.hideAfterMs });
      opts.onSuccess?.(out);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['project'] }),
        client.invalidateQueries({ queryKey: ['projects'] }),
        client.invalidateQueries({ queryKey: sessionKeys.partner() }),
      ]);
    },
    onError: (error) => {
      const message = errorText(error, opts.fallback);
      notify.error(opts.failure ? opts.failure(message) : message, { hideAfterMs: opts.hideAfterMs });
    },
  });
};
