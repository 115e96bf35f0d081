import { Alert, Box, Button } from '@mui/material';
import { webhookMessages } from '@pc/contract';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../ui/ErrorState';
import { PageLoader } from '../../../ui/PageLoader';
import { webhooksPath } from '../paths';
import { ProjectScreen } from '../ProjectScreen';
import { webhookTexts as t } from '../texts';
import { useWebhookList } from '../useWebhookList';
import { DeliveryLog } from './DeliveryLog';
import { VerifySignatures } from './VerifySignatures';
import { WebhookSummary } from './WebhookSummary';

const DeliveryConsole = ({ projectId, webhookId }: { projectId: string; webhookId: string }) => {
  const list = useWebhookList(projectId, 'manage');
  if (list.isPending) return <PageLoader />;
  if (list.isError)
    return <ErrorState error={list.error} fallback={webhookMessages.failed} onRetry={() => void list.refetch()} />;
  const webhook = list.data.find((w) => w._id === webhookId);
  if (!webhook)
    return (
      <Alert
        severity="warning"
        data-testid="webhook-not-found"
        action={
          <Button color="inherit" size="small" component={Link} to={webhooksPath(projectId)}>
            {t.back}
          </Button>
        }
      >
        {t.webhookNotFound}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3, minWidth: 0 }}>
      <WebhookSummary projectId={projectId} webhook={webhook} />
      <DeliveryLog
        projectId={projectId}
        webhookId={webhookId}
        blocked={webhook.status === 'DISABLED' ? webhookMessages.webhookDisabled : null}
      />
      <VerifySignatures />
    </Box>
  );
};

/** /projects/{projectId}/manage/webhooks/{webhookId}: a webhook's delivery console (ours). */
export const DeliveryConsolePage = () => {
  const { projectId = '', webhookId = '' } = useParams();
  return (
    <ProjectScreen
      projectId={projectId}
      title={(p) => t.consoleTitle(p.assistantName)}
      backTo={webhooksPath(projectId)}
    >
      {() => <DeliveryConsole projectId={projectId} webhookId={webhookId} />}
    </ProjectScreen>
  );
};
