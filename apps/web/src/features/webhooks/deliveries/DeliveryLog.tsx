import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, IconButton, Paper, Tab, Tabs, Tooltip } from '@mui/material';
import type { WebhookDelivery } from '@pc/contract';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { RowLink } from '../../../ui/DataTable';
import { TitledSection } from '../../../ui/TitledSection';
import { useUrlState, writeUrlState } from '../../../ui/useUrlState';
import { webhookTexts as t } from '../texts';
import { DeliveryDetailDialog } from './DeliveryDetailDialog';
import { DeliveryTable } from './DeliveryTable';
import { useDeliveries } from './useDeliveries';
import { DeliveryListUrl, type DeliveryFilter } from './url';

/** The filter tabs in the console's order: everything, then the dead letters first. */
const shownFilters: DeliveryFilter[] = ['ALL', 'FAILED', 'PENDING', 'DELIVERED'];

type Props = {
  projectId: string;
  webhookId: string;
  /** Why replays are refused now (the webhook is disabled), or null. */ blocked: string | null;
};

/**
 * The delivery log: the status filter, the page and the open delivery live in the URL (ARCHITECTURE
 * rule 11), so Back, reload and a shared link show the same; a row opens its detail.
 */
export const DeliveryLog = ({ projectId, webhookId, blocked }: Props) => {
  const [url, setUrl] = useUrlState(DeliveryListUrl);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const page = url.page - 1;
  const log = useDeliveries({ projectId, webhookId, status: url.status, page });

  const rowLink = (delivery: WebhookDelivery): RowLink => ({
    to: `${location.pathname}?${writeUrlState(DeliveryListUrl, params, { delivery: delivery._id }).toString()}`,
    state: { fromList: true },
  });
  const closeDetail = () => {
    // Opened from a row, the row's link added a history entry: closing goes back to the list.
    if ((location.state as { fromList?: boolean } | null)?.fromList) return void navigate(-1);
    setUrl({ delivery: '' }, { replace: true });
  };

  return (
    <TitledSection
      title={t.deliveriesLabel}
      actions={
        <Tooltip title={t.refresh}>
          <IconButton aria-label={t.refresh} onClick={() => void log.query.refetch()} disabled={log.query.isFetching}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}>
        <Paper variant="outlined">
          <Tabs
            value={url.status}
            onChange={(_, status: DeliveryFilter) => setUrl({ status, page: 1, delivery: '' })}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={t.filterLabel}
          >
            {shownFilters.map((filter) => (
              <Tab key={filter} value={filter} label={t.filters[filter]} data-testid={`filter-${filter}`} />
            ))}
          </Tabs>
        </Paper>
        <DeliveryTable
          rows={log.rows}
          total={log.total}
          page={page}
          onPage={(p) => setUrl({ page: p + 1 })}
          query={log.query}
          rowLink={rowLink}
          emptyText={url.status === 'ALL' ? t.noDeliveries : t.noDeliveriesOf(t.filters[url.status])}
        />
      </Box>
      {url.delivery && (
        <DeliveryDetailDialog
          key={url.delivery}
          projectId={projectId}
          webhookId={webhookId}
          deliveryId={url.delivery}
          blocked={blocked}
          onClose={closeDetail}
        />
      )}
    </TitledSection>
  );
};
