import { toComponents, type NormalizedTemplate, type TemplateInput } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDirectTemplate, createTemplate, deleteTemplateDraft, editTemplate, saveTemplateDraft } from '../api';
import { templateKeys } from '../keys';

type Args = {
  projectId: string;
  direct: boolean;
  draftId: string | undefined;
  /** The template being edited with Meta: Submit sends its new content instead of creating one. */
  editingId?: string | undefined;
};

/**
 * Submit (ours, the DIRECT partners' call, or an edit, which both kinds of partner send to ours),
 * Save to Draft and discarding a draft; each refreshes the list, an edit the template's detail too.
 */
export const useTemplateMutations = ({ projectId, direct, draftId, editingId }: Args) => {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: templateKeys.project(projectId) }),
      editingId && queryClient.invalidateQueries({ queryKey: templateKeys.detail(editingId) }),
    ]);
    if (draftId) queryClient.removeQueries({ queryKey: templateKeys.detail(draftId) });
  };

  const submit = useMutation({
    mutationFn: async ({ input, template }: { input: TemplateInput; template: NormalizedTemplate }) => {
      if (editingId) return editTemplate(projectId, editingId, input);
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
