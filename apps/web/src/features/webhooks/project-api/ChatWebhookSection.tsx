import { Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import {
  chatWebhookTopics,
  hasPermission,
  webhookMessages,
  webhookUrlProblem,
  type WebhookListResponse,
} from '@pc/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/errors';
import { Permitted } from '../../../access/Permitted';
import { useSession } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { TextInput } from '../../../ui/TextInput';
import { TitledSection } from '../../../ui/TitledSection';
import { createWebhook, generateWebhookSecret, updateWebhook } from '../api';
import { webhookKeys } from '../keys';
import { SecretField } from '../SecretField';
import { webhookTexts as t } from '../texts';
import { chatWebhookOf } from '../topics';
import { useWebhookList } from '../useWebhookList';
import { useWebhookMutation } from '../useWebhookMutation';
import { WriteGate } from '../WriteGate';

/** Generate: needs write access and a chat webhook to hold the secret, else 'subscribe to webhook first' (doc 2 section 5.4). */
const GenerateButton = ({ subscribed, busy, onClick }: { subscribed: boolean; busy: boolean; onClick: () => void }) => (
  <WriteGate blocked={subscribed ? null : webhookMessages.subscribeFirst}>
    <Button variant="outlined" loading={busy} onClick={onClick}>
      {t.generate}
    </Button>
  </WriteGate>
);

/**
 * The Project Api tab's chat webhook (doc 2 sections 2.1 and 7.2): its URL (saving it the first
 * time subscribes message.sender.user and message.status.updated; after that it PATCHes the URL)
 * and its shared secret, with Generate for a new one and Copy. Which webhook it is: `chatWebhookOf`.
 */
export const ChatWebhookSection = ({ projectId }: { projectId: string }) => {
  const client = useQueryClient();
  const { viewer } = useSession();
  const canWrite = hasPermission(viewer, 'business.write');
  const list = useWebhookList(projectId, 'project');
  const chat = list.data ? chatWebhookOf(list.data) : null;
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);
  const url = draft ?? chat?.webhook_url ?? '';

  const save = useWebhookMutation(
    projectId,
    (webhook_url: string) =>
      chat
        ? updateWebhook(projectId, chat._id, { webhook_url })
        : createWebhook(projectId, { topics: [...chatWebhookTopics], webhook_url }),
    {
      success: chat ? webhookMessages.updated : webhookMessages.created,
      onSuccess: () => setDraft(null),
      onError: (error) => {
        // The server judged the address (a private host, say): shown at the field.
        const message = isApiError(error) && error.status === 400 ? error.fields?.webhook_url : undefined;
        if (!message) return false;
        setProblem(message);
        return true;
      },
    },
  );
  const generate = useWebhookMutation(projectId, () => generateWebhookSecret(projectId), {
    onSuccess: (answer) => {
      // The new secret shows at once (in full, until copied), before the lists reload.
      client.setQueryData<WebhookListResponse>(
        webhookKeys.list(projectId, 'project'),
        (held) => held && { webhooks: held.webhooks.map((w) => (w._id === answer.webhook._id ? answer.webhook : w)) },
      );
      setGenerated(answer.webhook.shared_secret);
      setConfirming(false);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = webhookUrlProblem(url, { allowPrivate: true });
    setProblem(wrong);
    if (!wrong) save.mutate(url.trim());
  };

  const body = () => {
    if (list.isPending) return <Skeleton height={120} />;
    if (list.isError)
      return <ErrorState error={list.error} fallback={webhookMessages.failed} onRetry={() => void list.refetch()} />;
    const secret = chat?.shared_secret ?? null;
    return (
      <>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' } }}
        >
          <TextInput
            label={t.chatWebhookUrl}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={url}
            readOnly={!canWrite}
            onChange={(e) => {
              setDraft(e.target.value);
              setProblem(null);
            }}
            error={Boolean(problem)}
            helperText={problem ?? t.webhookUrlHelper}
            inputProps={{ spellCheck: false, 'data-testid': 'chat-webhook-url' }}
          />
          <Box sx={{ flexShrink: 0, pt: { sm: 0.25 } }}>
            <Permitted permission="business.write">
              <Button
                type="submit"
                variant="contained"
                loading={save.isPending}
                disabled={draft === null || draft.trim() === (chat?.webhook_url ?? '')}
              >
                {t.save}
              </Button>
            </Permitted>
          </Box>
        </Box>
        <SecretField
          key={secret ?? 'none'}
          secret={secret}
          initiallyShown={Boolean(secret) && secret === generated}
          unavailableText={chat ? t.secretWriteOnly : t.noSecretYet}
          helperText={t.secretHelper}
          previousUntil={chat?.previous_secret_expires_at ?? null}
          action={
            <GenerateButton subscribed={Boolean(chat)} busy={generate.isPending} onClick={() => setConfirming(true)} />
          }
        />
        <ConfirmDialog
          open={confirming}
          title={t.generateTitle}
          text={t.generateText}
          confirmLabel={t.generate}
          busy={generate.isPending}
          onConfirm={() => generate.mutate(undefined)}
          onClose={() => setConfirming(false)}
        />
      </>
    );
  };

  return (
    <TitledSection title={t.chatWebhookTitle}>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5, minWidth: 0 }}
      >
        {list.data && (
          <Typography variant="body2" color="text.secondary" data-testid="chat-webhook-topics">
            {chat ? t.chatWebhookText(chat.topics.join(', ')) : t.chatWebhookNew(chatWebhookTopics.join(' and '))}
          </Typography>
        )}
        {body()}
      </Paper>
    </TitledSection>
  );
};
