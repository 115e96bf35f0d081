import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSsoSettings, saveSsoSecret } from './api';
import { ssoKeys } from './keys';

export const useSsoSettings = () => useQuery({ queryKey: ssoKeys.settings(), queryFn: fetchSsoSettings });

/** Saves a secret (or null: off), then reads the settings again. */
export const useSaveSsoSecret = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (secret: string | null) => saveSsoSecret(secret),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.settings() }),
  });
};
