import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  lintTemplate,
  mediaTemplateTypes,
  templateMessages,
  validateTemplate,
  type Template,
  type TemplateActionType,
  type TemplateField,
  type TemplateType,
} from '@pc/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { errorText } from '../../../api/errors';
import { useSession } from '../../../session/session';
import { useNotify } from '../../../ui/useNotify';
import { fetchLintContext, type MediaFileType } from '../api';
import { bubbleOfInput } from '../bubble';
import { templateKeys } from '../keys';
import { TemplateBubble } from '../TemplateBubble';
import { templateTexts as t } from '../texts';
import { ActionsFields } from './ActionsFields';
import { AuthenticationFields } from './AuthenticationFields';
import { BasicsFields } from './BasicsFields';
import { BodyFields } from './BodyFields';
import { DiscardDialog } from './DiscardDialog';
import { EditNote } from './EditNote';
import {
  emptyButtons,
  emptyTemplateForm,
  formOfTemplate,
  isAuthentication,
  toTemplateInput,
  type TemplateFormValues,
} from './form';
import { DialogNotices } from './LintWarnings';
import { MediaField } from './MediaField';
import { failedFields, formFieldOf, serverFieldErrors, templateResolver, validationOptions } from './resolver';
import { useEditMode } from './useEditMode';
import { useTemplateMutations } from './useTemplateMutations';

type Props = {
  project: { _id: string; clientId: string };
  /** DIRECT partners submit Meta's components to their own call. */
  direct: boolean;
  /** A saved draft to go on with. */
  draft?: Template;
  /** An approved, rejected or paused template to edit with Meta (create/editMode.ts). */
  editing?: Template;
  onClose: () => void;
};

const firstInput = 'input:not([type="hidden"]):not([aria-hidden="true"]), textarea, [role="combobox"]';

/**
 * The Create Template dialog (doc 2 section 2.3): the form beside its live preview (below it on a
 * phone), the contract's validator on Submit with its first failure shown at its field, Meta's
 * likely refusals as warnings, and Discard Template's choice of discarding or saving a draft. It
 * also edits a template with Meta, loaded as a draft is, without drafts (useEditMode).
 */
export const CreateTemplateDialog = ({ project, direct, draft, editing, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const { me } = useSession();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const contentRef = useRef<HTMLDivElement | null>(null);
  const edit = useEditMode({ editing, draft, direct });
  const { loaded } = edit;
  const form = useForm<TemplateFormValues>({
    defaultValues: loaded ? formOfTemplate(loaded) : emptyTemplateForm,
    resolver: templateResolver,
    shouldFocusError: false,
  });
  const { setValue, setError, handleSubmit, formState } = form;
  const { submit, saveDraft, discardDraft } = useTemplateMutations({
    projectId: project._id,
    direct,
    draftId: draft?._id,
    editingId: editing?._id,
  });
  const [confirming, setConfirming] = useState(false);
  const [floating, setFloating] = useState(false);
  const lintContext = useQuery({
    queryKey: templateKeys.lintContext(project._id),
    queryFn: () => fetchLintContext(project._id),
    staleTime: 60_000,
  });

  const values = form.watch();
  const input = toTemplateInput(values);
  const verdict = validateTemplate(input, validationOptions());
  const context = lintContext.data;
  const warnings = useMemo(
    () =>
      verdict.ok && context
        ? lintTemplate(verdict.template, { ...context, now: new Date(), excludeDraftId: loaded?._id })
        : [],
    // The verdict is new on each render; what it judged is the input's JSON.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(input), context, loaded?._id],
  );

  const revalidate = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const changeType = () => {
    // Doc 2 section 4: another type clears the media URL and the header.
    setValue('sampleMediaUrl', '', revalidate);
    setValue('headerText', '', revalidate);
  };
  const changeAction = (action: TemplateActionType) => {
    // Doc 2 section 4: another action type resets the buttons, the CTA url sample and click tracking.
    const buttons = emptyButtons(action);
    setValue('message_action_type', action, { shouldDirty: true });
    setValue('call_to_action', buttons.call_to_action, { shouldDirty: true });
    setValue('quick_replies', buttons.quick_replies, { shouldDirty: true });
    setValue('sampleCTAUrl', '', { shouldDirty: true });
    setValue('isClickTrackingEnabled', false, revalidate);
  };

  const scrollTo = (field: TemplateField) => {
    const area = contentRef.current?.querySelector<HTMLElement>(`[data-field="${formFieldOf(field)}"]`);
    area?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    area?.querySelector<HTMLElement>(firstInput)?.focus({ preventScroll: true });
  };

  const onValid = (valid: TemplateFormValues) => {
    setFloating(false);
    edit.setRefusal(null);
    const sent = toTemplateInput(valid);
    const checked = validateTemplate(sent, validationOptions());
    if (!checked.ok) return;
    submit.mutate(
      { input: sent, template: checked.template },
      {
        onSuccess: (answer) => {
          notify.success(edit.doneText(answer));
          onClose();
        },
        onError: (error) => {
          // The server judged a field the browser passed (a newer rule, a name taken): shown at it.
          const known = serverFieldErrors(error);
          if (known.length > 0) {
            for (const [field, message] of known) setError(formFieldOf(field), { type: 'server', message });
            scrollTo(known[0]![0]);
            return;
          }
          const message = errorText(error, templateMessages.createFailed);
          if (editing) edit.setRefusal(message);
          else notify.error(message);
          setFloating(message.includes('Floating'));
        },
      },
    );
  };
  const onInvalid = (errors: FieldErrors<TemplateFormValues>) => {
    const field = failedFields(errors)[0];
    if (field) scrollTo(field);
  };

  const discard = () => {
    if (!draft) return onClose();
    discardDraft.mutate(undefined, {
      onSuccess: () => {
        notify.success(templateMessages.draftDeleted);
        onClose();
      },
      onError: (error) => notify.error(errorText(error, templateMessages.createFailed)),
    });
  };
  const keepDraft = () =>
    saveDraft.mutate(toTemplateInput(form.getValues()), {
      onSuccess: () => {
        notify.success(templateMessages.draftSaved);
        onClose();
      },
      onError: (error) => notify.error(errorText(error, templateMessages.createFailed)),
    });

  const busy = submit.isPending || saveDraft.isPending || discardDraft.isPending;
  // Read while rendering: react-hook-form tracks isDirty only once it has been read so.
  const dirty = formState.isDirty;
  const requestClose = () => {
    if (busy) return;
    if (dirty || draft) setConfirming(true);
    else onClose();
  };
  // An authentication template is text only, Meta's words: its choices replace the text and the buttons.
  const authentication = isAuthentication(values);
  const media = !authentication && mediaTemplateTypes.includes(values.type as TemplateType);
  const mediaType = media ? (values.type as MediaFileType) : null;

  return (
    <Dialog
      open
      onClose={requestClose}
      fullScreen={fullScreen}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      data-testid="create-template-dialog"
    >
      <DialogTitle id={titleId}>{edit.title}</DialogTitle>
      <DialogContent dividers ref={contentRef}>
        <EditNote note={edit.note} />
        <FormProvider {...form}>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0,1fr)', md: 'minmax(0,1fr) minmax(0,360px)' },
              alignItems: 'start',
            }}
          >
            <Stack spacing={2.5} sx={{ minWidth: 0, pt: 1 }}>
              <BasicsFields onTypeChange={changeType} locks={edit.locks} />
              {mediaType && (
                <MediaField
                  projectId={project._id}
                  clientId={project.clientId}
                  uploadedBy={me.agent?._id ?? me.name}
                  type={mediaType}
                />
              )}
              {authentication ? (
                <AuthenticationFields />
              ) : (
                <>
                  <BodyFields />
                  <ActionsFields onActionChange={changeAction} />
                </>
              )}
            </Stack>
            <Box
              component="aside"
              aria-label={t.livePreview}
              sx={{ position: { md: 'sticky' }, top: { md: 8 }, minWidth: 0, display: 'grid', gap: 1 }}
            >
              <Typography variant="subtitle2" component="h3">
                {t.livePreview}
              </Typography>
              <TemplateBubble model={bubbleOfInput(input)} label={t.livePreview} />
            </Box>
          </Box>
        </FormProvider>
      </DialogContent>
      <DialogNotices warnings={warnings} floating={floating} refusal={edit.refusal} />
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button color="inherit" onClick={editing ? requestClose : () => setConfirming(true)} disabled={busy}>
          {editing ? t.cancel : t.discardTemplate}
        </Button>
        <Button
          variant="contained"
          loading={submit.isPending}
          disabled={saveDraft.isPending || discardDraft.isPending}
          onClick={() => void handleSubmit(onValid, onInvalid)()}
        >
          {t.submit}
        </Button>
      </DialogActions>
      <DiscardDialog
        open={confirming}
        fromDraft={Boolean(draft)}
        editing={Boolean(editing)}
        busy={discardDraft.isPending ? 'discard' : saveDraft.isPending ? 'draft' : null}
        onCancel={() => setConfirming(false)}
        onDiscard={discard}
        onSaveDraft={keepDraft}
      />
    </Dialog>
  );
};
