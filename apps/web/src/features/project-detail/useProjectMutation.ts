import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { projectKeys } from './keys';

/** A project change: the server's message on success, its error (or the spec's fallback) on failure, then a reload. */
export const useProjectMutation = <I, O extends { message?: string }>(
  _projectId: string,
  fn: (input: I) => Promise<O>,
  opts: { fallback: string; success?: string; onSuccess?: (o: O) => void },
) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      notify.success(opts.success ?? out.message ?? '');
      opts.onSuccess?.(out);
      await client.invalidateQueries({ queryKey: projectKeys.all });
      await client.invalidateQueries({ queryKey: ['projects'] });
    },
    onError: (error) => notify.error(errorText(error, opts.fallback)),
  });
};
