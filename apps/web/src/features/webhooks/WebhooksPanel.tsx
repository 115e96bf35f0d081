import AddIcon from '@mui/icons-material/Add';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Button } from '@mui/material';
import {
  managementWebhookTopics,
  WEBHOOK_MAX_PER_PROJECT,
  webhookMessages,
  webhookTopics,
  type Webhook,
} from '@pc/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { deleteWebhook, enableWebhook } from './api';
import type { WebhookListSource } from './keys';
import { webhooksPath } from './paths';
import { webhookTexts as t } from './texts';
import { useWebhookList } from './useWebhookList';
import { useWebhookMutation } from './useWebhookMutation';
import { WebhookDialog } from './WebhookDialog';
import { WebhookTable } from './WebhookTable';
import { WriteGate } from './WriteGate';

type Props = { projectId: string; source: WebhookListSource };

/** Create Webhook: disabled at 5 webhooks with the spec's tooltip (doc 2 section 5.4), and while the count is unknown. */
const CreateButton = ({ count, onClick }: { count: number | undefined; onClick: () => void }) => (
  <WriteGate blocked={count !== undefined && count >= WEBHOOK_MAX_PER_PROJECT ? webhookMessages.maxReached : null}>
    <Button variant="contained" startIcon={<AddIcon />} disabled={count === undefined} onClick={onClick}>
      {t.createWebhook}
    </Button>
  </WriteGate>
);

/**
 * A project's webhooks: the table with Edit, Delete (confirmed), Enable and the delivery log. On the
 * project's Webhook tab (source 'project') with Create Webhook and a link to the management screen,
 * whose Edit changes the URL only; on the management screen (source 'manage', doc 2 section 2.4)
 * Edit changes the 11 contact topics and the URL.
 */
export const WebhooksPanel = ({ projectId, source }: Props) => {
  const list = useWebhookList(projectId, source);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const remove = useWebhookMutation(projectId, (w: Webhook) => deleteWebhook(projectId, w._id), {
    success: webhookMessages.deleted,
    onSuccess: () => setDeleting(null),
  });
  const enable = useWebhookMutation(projectId, (w: Webhook) => enableWebhook(projectId, w._id));
  const onProject = source === 'project';

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      {onProject && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button variant="outlined" startIcon={<SettingsIcon />} component={Link} to={webhooksPath(projectId)}>
            {t.manageWebhooks}
          </Button>
          <CreateButton count={list.data?.length} onClick={() => setCreating(true)} />
        </Box>
      )}
      <WebhookTable
        projectId={projectId}
        rows={list.data}
        query={list}
        onEdit={setEditing}
        onDelete={setDeleting}
        onEnable={(w) => enable.mutate(w)}
        enabling={enable.isPending ? (enable.variables?._id ?? null) : null}
      />
      {creating && <WebhookDialog projectId={projectId} offered={webhookTopics} onClose={() => setCreating(false)} />}
      {editing && (
        <WebhookDialog
          key={editing._id}
          projectId={projectId}
          webhook={editing}
          offered={onProject ? null : managementWebhookTopics}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t.deleteTitle}
        text={deleting ? t.deleteText(deleting.webhook_url) : ''}
        confirmLabel={t.delete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
