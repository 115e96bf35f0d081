import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePartnerConfigRequest } from '@pc/contract';
import { errorText } from '../../api/errors';
import { sessionKeys } from '../../session/keys';
import { useNotify } from '../../ui/useNotify';
import { updatePartnerConfig } from './api';

/**
 * One setting saved (PATCH /api/update-partner-config), then the session's partner read again so
 * every page (and the create dialogs' preselected defaults) sees it. On failure the partner is read
 * again too, so a switch shows what the server has (doc 3 section 4), and `failure` is shown
 * unless the server said why.
 */
export const useUpdateConfig = (failure: string) => {
  const client = useQueryClient();
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: (body: UpdatePartnerConfigRequest) => updatePartnerConfig(body),
    onSettled: () => client.invalidateQueries({ queryKey: sessionKeys.partner() }),
    onSuccess: (answer) => notify.success(answer.message),
    onError: (error) => notify.error(errorText(error, failure)),
  });
  return { save: mutation.mutateAsync, saving: mutation.isPending, pending: mutation.variables };
};
