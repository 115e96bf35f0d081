import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateCatalogueRequest } from '@pc/contract';
import { errorText } from '../../../api/errors';
import { useAdminNotify } from '../useAdminNotify';
import { adminKeys } from '../keys';
import { fetchCatalogue, updateCatalogue } from './api';
import { catalogueScreenTexts as t } from './texts';

export const useProviderCatalogue = () => useQuery({ queryKey: adminKeys.catalogue(), queryFn: fetchCatalogue });

/**
 * Sends a change of the catalogue and says how it went: the server's message either way (a refusal
 * keeps the dialog open, so the call rejects then). The catalogue is read again after.
 */
export const useSaveCatalogue = () => {
  const notify = useAdminNotify();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: updateCatalogue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.catalogue() }),
  });
  return async (body: UpdateCatalogueRequest) => {
    try {
      notify.success((await mutation.mutateAsync(body)).message);
    } catch (error) {
      notify.error(errorText(error, t.saveFailed));
      throw error;
    }
  };
};
