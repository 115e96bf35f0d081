import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingOutcome } from '@pc/contract';
import { errorText } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { projectKeys } from '../keys';

/**
 * A step's call: Meta's outcome in the spec's words (success or not, each a message), refusals of
 * this server by their message; the onboarding state and the project are read again after it.
 */
export const useStepCall = <I>(
  projectId: string,
  fn: (input: I) => Promise<OnboardingOutcome>,
  opts: { fallback: string; onError?: (error: unknown) => boolean },
) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out) => {
      if (out.success) notify.success(out.message);
      else notify.error(out.message);
      client.setQueryData(projectKeys.onboarding(projectId), out.onboarding);
      await client.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
      await client.invalidateQueries({ queryKey: projectKeys.sandboxPhone(projectId) });
    },
    onError: (error) => {
      if (opts.onError?.(error)) return;
      notify.error(errorText(error, opts.fallback));
    },
  });
};
