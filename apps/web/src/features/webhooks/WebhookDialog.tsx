import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { webhookMessages, webhookUrlProblem, type Webhook } from '@pc/contract';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isApiError } from '../../api/errors';
import { TextInput } from '../../ui/TextInput';
import { createWebhook, updateWebhook } from './api';
import { SecretField } from './SecretField';
import { webhookTexts as t } from './texts';
import { topicsNotOffered } from './topics';
import { TopicsSelect } from './TopicsSelect';
import { useWebhookMutation } from './useWebhookMutation';

type Props = {
  projectId: string;
  /** The webhook edited; none: Create. */
  webhook?: Webhook;
  /**
   * The topics the dialog offers: Create the 14, the management screen's Edit the 11; null: the
   * project detail's Edit, which changes the URL only (doc 2 section 7.2).
   */
  offered: readonly string[] | null;
  onClose: () => void;
};

type Values = { topics: string[]; webhook_url: string };

/**
 * Create and Edit of a webhook (doc 2 sections 2.1 and 2.4): the topics multi-select, the webhook
 * URL (checked here with the contract's rule; the server judges the real address) and, on Edit, the
 * shared secret read-only with Copy.
 */
export const WebhookDialog = ({ projectId, webhook, offered, onClose }: Props) => {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const kept = webhook && offered ? topicsNotOffered(webhook.topics, offered) : [];
  const form = useForm<Values>({
    defaultValues: {
      topics: webhook ? webhook.topics.filter((topic) => offered?.includes(topic)) : [],
      webhook_url: webhook?.webhook_url ?? '',
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;

  const showAtField = (error: unknown) => {
    const fields = isApiError(error) && error.status === 400 ? (error.fields ?? {}) : {};
    const known = (['webhook_url', 'topics'] as const).filter((field) => fields[field]);
    for (const field of known) setError(field, { type: 'server', message: fields[field] });
    return known.length > 0;
  };
  const save = useWebhookMutation(
    projectId,
    ({ topics, webhook_url }: Values) => {
      const url = webhook_url.trim();
      if (!webhook) return createWebhook(projectId, { topics, webhook_url: url });
      return updateWebhook(
        projectId,
        webhook._id,
        offered ? { webhook_url: url, topics: [...topics, ...kept] } : { webhook_url: url },
      );
    },
    {
      success: webhook ? webhookMessages.updated : webhookMessages.created,
      onSuccess: onClose,
      onError: showAtField,
    },
  );

  const busy = save.isPending;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-testid="webhook-dialog"
    >
      <DialogTitle id={titleId}>{webhook ? t.editTitle : t.createTitle}</DialogTitle>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => save.mutate(values))}
        sx={{ display: 'contents' }}
      >
        <DialogContent
          dividers
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5, alignContent: 'start' }}
        >
          {offered && (
            <Controller
              control={control}
              name="topics"
              rules={{
                validate: (topics) => topics.length + kept.length > 0 || webhookMessages.topicsRequired,
              }}
              render={({ field, fieldState }) => (
                <TopicsSelect
                  label={t.topics}
                  options={offered}
                  helperText={t.topicsHelper}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  ref={field.ref}
                />
              )}
            />
          )}
          {kept.length > 0 && <Alert severity="info">{t.keptTopics(kept.join(', '))}</Alert>}
          <TextInput
            label={t.webhookUrl}
            type="url"
            inputMode="url"
            autoComplete="off"
            required
            autoFocus={!offered}
            placeholder="https://"
            error={Boolean(formState.errors.webhook_url)}
            helperText={formState.errors.webhook_url?.message ?? t.webhookUrlHelper}
            inputProps={{ spellCheck: false }}
            {...register('webhook_url', {
              validate: (url) => webhookUrlProblem(url, { allowPrivate: true }) ?? true,
            })}
          />
          {webhook && (
            <SecretField
              secret={webhook.shared_secret}
              helperText={t.secretHelper}
              previousUntil={webhook.previous_secret_expires_at}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {webhook ? t.save : t.create}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
