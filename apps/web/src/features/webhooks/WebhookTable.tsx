import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Box, Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { webhookMessages, type Webhook } from '@pc/contract';
import { Link } from 'react-router';
import { DataTable, type Column, type TableQuery } from '../../ui/DataTable';
import { deliveriesPath } from './paths';
import { webhookTexts as t } from './texts';
import { topicsSummary } from './topics';
import { WebhookStatus } from './WebhookStatus';
import { WriteGate } from './WriteGate';
import { DateTime } from '../../ui/DateTime';

type Props = {
  projectId: string;
  rows: Webhook[] | undefined;
  query: TableQuery;
  onEdit: (webhook: Webhook) => void;
  onDelete: (webhook: Webhook) => void;
  onEnable: (webhook: Webhook) => void;
  /** The webhook being enabled, its button busy. */
  enabling: string | null;
};

const Actions = ({ webhook, projectId, onEdit, onDelete, onEnable, enabling }: Props & { webhook: Webhook }) => {
  const url = webhook.webhook_url;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <WriteGate label={t.edit}>
        <IconButton size="small" aria-label={t.editOf(url)} onClick={() => onEdit(webhook)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </WriteGate>
      <WriteGate label={t.delete}>
        <IconButton size="small" aria-label={t.deleteOf(url)} onClick={() => onDelete(webhook)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </WriteGate>
      <Tooltip title={t.deliveryLog}>
        <IconButton
          size="small"
          aria-label={t.deliveryLogOf(url)}
          component={Link}
          to={deliveriesPath(projectId, webhook._id)}
        >
          <ReceiptLongIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {webhook.status === 'DISABLED' && (
        <WriteGate>
          <Button
            size="small"
            aria-label={t.enableOf(url)}
            loading={enabling === webhook._id}
            onClick={() => onEnable(webhook)}
          >
            {t.enable}
          </Button>
        </WriteGate>
      )}
    </Box>
  );
};

const Topics = ({ topics }: { topics: string[] }) => (
  // The whole list on hover or focus; '+N' alone says how many more.
  <Tooltip title={topics.length > 1 ? topics.join(', ') : ''} describeChild>
    <Box component="span" data-testid="webhook-topics">
      {topicsSummary(topics)}
    </Box>
  </Tooltip>
);

/**
 * The project's webhooks (doc 2 section 2.4): Topics (the first and '+N'), Webhook Url (with a
 * disabled webhook's chip and why), Created At, Actions. A row leads to its delivery log.
 */
export const WebhookTable = (props: Props) => {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const c = t.columns;
  const topics: Column<Webhook> = { key: 'topics', label: c.topics, cell: (w) => <Topics topics={w.topics} /> };
  const url: Column<Webhook> = {
    key: 'url',
    label: c.url,
    cell: (w) => (
      <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Box component="span" sx={{ overflowWrap: 'anywhere', maxWidth: 480 }}>
          {w.webhook_url}
        </Box>
        <WebhookStatus webhook={w} />
      </Box>
    ),
  };
  const rest: Column<Webhook>[] = [
    { key: 'created', label: c.createdAt, cell: (w) => <DateTime value={w.created_at} />, nowrap: true },
    { key: 'actions', label: c.actions, action: true, cell: (w) => <Actions {...props} webhook={w} /> },
  ];
  // A phone's card is titled by its first column: the URL names a webhook better than its topics.
  const columns = narrow ? [url, topics, ...rest] : [topics, url, ...rest];
  return (
    <DataTable
      label={t.tableLabel}
      columns={columns}
      rows={props.rows}
      rowKey={(w) => w._id}
      rowLink={(w) => ({ to: deliveriesPath(props.projectId, w._id) })}
      rowTestId="webhook-row"
      query={props.query}
      emptyText={webhookMessages.noActivities}
      errorText={webhookMessages.failed}
      minWidth={860}
    />
  );
};
