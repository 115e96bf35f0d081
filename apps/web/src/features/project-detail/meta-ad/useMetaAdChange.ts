import type { MetaAdsAssistantData, MetaAdTabResponse } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import { useNotify } from '../../../ui/useNotify';
import { projectKeys } from '../keys';
import { metaAdKeys } from './keys';

type Options<I, O> = {
  /** The spec's text when the server sent no message. */
  fallback: string;
  /** The success message, if any. */
  success?: (out: O, input: I) => string | null;
  /** What the answer changes of the tab's data, shown at once (the tab is read again after). */
  apply?: (data: MetaAdsAssistantData, out: O) => MetaAdsAssistantData;
  /** The Facebook user's ad accounts and pages changed too (an asset assigned). */
  refreshAssets?: boolean;
  onSuccess?: (out: O, input: I) => void;
};

/**
 * A change on the Meta Ad tab: the server's message (or the spec's fallback) on failure, top
 * centre; on success the tab's data, then the project's, so the header card's Meta Ads status
 * (CONNECTED / PARTIALLY SETUP / NOT CONNECTED) follows.
 */
export const useMetaAdChange = <I, O>(projectId: string, fn: (input: I) => Promise<O>, opts: Options<I, O>) => {
  const notify = useNotify();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (out, input) => {
      const { apply } = opts;
      if (apply)
        client.setQueryData<MetaAdTabResponse>(metaAdKeys.tab(projectId), (tab) =>
          tab ? { ...tab, assistantData: apply(tab.assistantData, out) } : tab,
        );
      const text = opts.success?.(out, input);
      if (text) notify.success(text);
      opts.onSuccess?.(out, input);
      await Promise.all([
        client.invalidateQueries({ queryKey: metaAdKeys.tab(projectId) }),
        client.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
        opts.refreshAssets ? client.invalidateQueries({ queryKey: metaAdKeys.assets(projectId) }) : null,
      ]);
    },
    onError: (error) => notify.error(errorText(error, opts.fallback)),
  });
};
