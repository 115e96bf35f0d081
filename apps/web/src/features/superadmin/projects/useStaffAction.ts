import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SNACKBAR_HIDE_LONG_MS } from '@pc/contract';
import { errorText } from '../../../api/errors';
import { useNotify, type NotifyVariant } from '../../../ui/useNotify';
import { superadminProjectKeys } from './keys';

/** The super-admin's messages stay 4 seconds (doc 2 sections 8 and 9). */
const long = { hideAfterMs: SNACKBAR_HIDE_LONG_MS };

type Options<O> = {
  /** The spec's text for the failure when the server sends no message (doc 2 section 8). */
  fallback: string;
  onDone?: (out: O) => void;
  /** How the answer's message is shown; success by default. */
  tone?: (out: O) => NotifyVariant;
};

/**
 * One action of the super-admin project screen: the server's message on success, its message (or
 * the section's text) on failure, and then the project and the list are read again.
 */
export const useStaffAction = <I, O extends { message: string }>(fn: (input: I) => Promise<O>, opts: Options<O>) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      notify[opts.tone?.(out) ?? 'success'](out.message, long);
      opts.onDone?.(out);
      await client.invalidateQueries({ queryKey: superadminProjectKeys.all });
    },
    onError: (error) => notify.error(errorText(error, opts.fallback), long),
  });
};
