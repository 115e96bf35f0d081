import { toComponents, type NormalizedTemplate, type TemplateInput } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDirectTemplate, createTemplate, deleteTemplateDraft, saveTemplateDraft } from '../api';
import { templateKeys } from '../keys';

type Args = { projectId: string; direct: boolean; draftId: string | undefined };

/** Submit (ours or the DIRECT partners' call), Save to Draft and discarding a draft; each refreshes the list. */
export const useTemplateMutations = ({ projectId, direct, draftId }: Args) => {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: templateKeys.project(projectId) });
    if (draftId) queryClient.removeQueries({ queryKey: templateKeys.detail(draftId) });
  };

  const submit = useMutation({
    mutationFn: async ({ input, template }: { input: TemplateInput; template: NormalizedTemplate }) => {
      if (!direct) return createTemplate(projectId, draftId ? { ...input, draftId } : input);
      const created = await createDirectTemplate({
        projectId,
        name: template.name,
        language: template.language,
        category: template.category,
        components: toComponents(template),
      });
      // The DIRECT call knows no drafts: the draft it came from is done with.
      if (draftId) await deleteTemplateDraft(projectId, draftId).catch(() => undefined);
      return created;
    },
    onSuccess: refresh,
  });

  const saveDraft = useMutation({
    mutationFn: (input: TemplateInput) => saveTemplateDraft(projectId, draftId ? { ...input, draftId } : input),
    onSuccess: refresh,
  });

  const discardDraft = useMutation({
    mutationFn: async () => (draftId ? deleteTemplateDraft(projectId, draftId) : null),
    onSuccess: refresh,
  });

  return { submit, saveDraft, discardDraft };
};
