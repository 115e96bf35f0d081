import { SNACKBAR_HIDE_LONG_MS } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { ticketKeys } from './keys';

/** Ticket messages stay 4 s (doc 1 section 8). */
export const TICKET_ALERT = { hideAfterMs: SNACKBAR_HIDE_LONG_MS } as const;

/**
 * One of the ticket dialog's actions: the server's message on success, on failure its message or
 * the spec's text for that action; every ticket list and the ticket reloaded after either.
 */
export const useTicketAction = <I, O extends { message: string }>(
  fn: (input: I) => Promise<O>,
  opts: { fallback: string; onSuccess?: (o: O) => void },
) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (out) => {
      notify.success(out.message, TICKET_ALERT);
      opts.onSuccess?.(out);
    },
    onError: (error) => notify.error(errorText(error, opts.fallback), TICKET_ALERT),
    onSettled: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
};
