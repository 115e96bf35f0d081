import type { Template } from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session';
import { fetchTemplate } from './api';
import { templateKeys } from './keys';

/** The template a `userId` path segment names: the session's agent (doc 1 section 7). */
export const useTemplateUserId = () => {
  const { me, partner } = useSession();
  return me.agent?._id ?? partner?.id ?? ':userId';
};

/** The draft the URL names (?draft=id): from the rows shown when it is there, else read by id. */
export const useDraft = (draftId: string | null, rows: Template[] | undefined) => {
  const userId = useTemplateUserId();
  const shown = draftId ? rows?.find((r) => r._id === draftId) : undefined;
  const read = useQuery({
    queryKey: templateKeys.detail(draftId ?? ''),
    queryFn: () => fetchTemplate(userId, draftId ?? ''),
    enabled: Boolean(draftId) && !shown,
    retry: false,
  });
  const found = shown ?? read.data ?? undefined;
  // A link to what is not (or no longer) a draft: nothing to go on with. A row that stops being a
  // draft while its dialog is open (it was just submitted) is the dialog's own business.
  return {
    draft: found?.status === 'DRAFT' ? found : undefined,
    failed: read.isError || (read.isSuccess && read.data?.status !== 'DRAFT'),
  };
};
