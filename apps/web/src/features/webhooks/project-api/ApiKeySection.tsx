import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import {
  formatDateTime,
  webhookMessages,
  type PrivateAppPasswordResponse,
  type PrivateAppResponse,
  type ProjectDetail,
} from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { Permitted } from '../../../access/Permitted';
import { useSession } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorState } from '../../../ui/ErrorState';
import { TitledSection } from '../../../ui/TitledSection';
import { useNotify } from '../../../ui/useNotify';
import { createPrivateApp, fetchPrivateApp, resetPrivateApp } from '../api';
import { webhookKeys } from '../keys';
import { webhookTexts as t } from '../texts';
import { CopyField } from './CopyField';

/**
 * The project API password (doc 2 sections 2.1 and 7.2): Create API key when the project has no
 * private app, Reset API key (confirmed: the old key stops working) when it has one. The password
 * is answered once and shown once: copying it says 'API key copied' and clears it from view for
 * good (doc 2 section 9). The private app's id is the credential's user name.
 */
export const ApiKeySection = ({ project }: { project: ProjectDetail }) => {
  const projectId = project._id;
  const { partner } = useSession();
  const notify = useNotify();
  const client = useQueryClient();
  const app = useQuery({
    queryKey: webhookKeys.privateApp(projectId),
    queryFn: () => fetchPrivateApp(projectId),
    select: (answer) => answer.privateApp,
  });
  const [password, setPassword] = useState<string | null>(null);
  const [cleared, setCleared] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const answered = (success: string) => (answer: PrivateAppPasswordResponse) => {
    client.setQueryData<PrivateAppResponse>(webhookKeys.privateApp(projectId), { privateApp: answer.privateApp });
    setPassword(answer.password);
    setCleared(false);
    setConfirming(false);
    notify.success(success);
  };
  const failed = (error: unknown) => notify.error(errorText(error, webhookMessages.failed));
  const create = useMutation({
    mutationFn: () => createPrivateApp(projectId, { partnerId: partner?.id, clientId: project.clientId }),
    onSuccess: answered(webhookMessages.privateAppCreated),
    onError: failed,
  });
  const reset = useMutation({
    mutationFn: (privateAppId: string) => resetPrivateApp(projectId, privateAppId),
    onSuccess: answered(webhookMessages.privateAppUpdated),
    onError: failed,
  });

  const body = () => {
    if (app.isPending) return <Skeleton height={56} />;
    if (app.isError)
      return <ErrorState error={app.error} fallback={t.apiLoadFailed} onRetry={() => void app.refetch()} />;
    const found = app.data;
    if (!found)
      return (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            {t.noApiKey}
          </Typography>
          <Permitted permission="business.write">
            <Button variant="contained" loading={create.isPending} onClick={() => create.mutate()}>
              {t.createApiKey}
            </Button>
          </Permitted>
        </Box>
      );
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        <CopyField
          label={t.privateAppId}
          value={found._id}
          copyLabel={t.copyPrivateAppId}
          copiedText={t.privateAppIdCopied}
          testId="private-app-id"
        />
        <Typography variant="body2" color="text.secondary">
          {t.createdOn}: {formatDateTime(found.createdAt)} · {t.lastUsed}:{' '}
          {formatDateTime(found.lastUsedAt, t.neverUsed)}
        </Typography>
        <Box>
          <Permitted permission="business.write">
            <Button variant="outlined" color="warning" loading={reset.isPending} onClick={() => setConfirming(true)}>
              {t.resetApiKey}
            </Button>
          </Permitted>
        </Box>
        <ConfirmDialog
          open={confirming}
          title={t.resetTitle}
          text={t.resetText}
          confirmLabel={t.resetApiKey}
          busy={reset.isPending}
          onConfirm={() => reset.mutate(found._id)}
          onClose={() => setConfirming(false)}
        />
      </Box>
    );
  };

  return (
    <TitledSection title={t.apiKeyTitle}>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
      >
        {body()}
        {password && (
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }} data-testid="new-api-key">
            <Alert severity="warning">{t.apiKeyOnce}</Alert>
            <CopyField
              label={t.apiKey}
              value={password}
              copyLabel={t.copyApiKey}
              copiedText={webhookMessages.apiKeyCopied}
              onCopied={() => {
                setPassword(null);
                setCleared(true);
              }}
              testId="api-key"
            />
          </Box>
        )}
        {cleared && (
          <Alert severity="info" data-testid="api-key-cleared">
            {t.apiKeyCleared}
          </Alert>
        )}
      </Paper>
    </TitledSection>
  );
};
