import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, Typography } from '@mui/material';
import {
  formatCount,
  formatDateTime,
  RateCardListUrl,
  rateCardTexts,
  type RateCardStatus,
  type RateCardSummary,
} from '@pc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useUrlState } from '../../../ui/useUrlState';
import { catalogueScreenTexts } from '../catalogue/texts';
import { fetchRateCards, rateCardAdminKeys } from './api';
import { LoadRateCardDialog } from './LoadRateCardDialog';
import { RateCardPanel } from './RateCardPanel';
import { RATE_CARD_PAGE_SIZE, rateCardAdminTexts as t } from './texts';

const statusColor: Record<RateCardStatus, 'info' | 'success' | 'default'> = {
  SCHEDULED: 'info',
  APPLIED: 'success',
  CANCELLED: 'default',
};

const columns: Column<RateCardSummary>[] = [
  {
    key: 'effectiveAt',
    label: t.columns.effectiveAt,
    nowrap: true,
    cell: (c) => formatDateTime(c.effectiveAt),
  },
  {
    key: 'status',
    label: t.columns.status,
    cell: (c) => <Chip size="small" color={statusColor[c.status]} label={t.status[c.status]} />,
  },
  { key: 'currency', label: t.columns.currency, cell: (c) => c.currency },
  { key: 'file', label: t.columns.file, cell: (c) => c.fileName },
  { key: 'rows', label: t.columns.rows, align: 'right', cell: (c) => formatCount(c.rowCount) },
  { key: 'createdBy', label: t.columns.createdBy, cell: (c) => c.createdBy },
];

/**
 * /provider-rate-cards: the provider's rate cards with their instants (scheduled, applied,
 * cancelled), Load rate card, and a card's prices with Cancel. The page and the card opened live in
 * the URL. Not under /superadmin/, whose paths are the API's.
 */
export const RateCardsAdminPage = () => {
  const [url, setUrl] = useUrlState(RateCardListUrl);
  const [loading, setLoading] = useState(false);
  const page = url.page - 1;
  const request = { skip: page * RATE_CARD_PAGE_SIZE, rowsPerPage: RATE_CARD_PAGE_SIZE };
  const query = useQuery({
    queryKey: rateCardAdminKeys.page(request),
    queryFn: () => fetchRateCards(request),
    placeholderData: keepPreviousData,
  });
  const linkTo = (card: string) =>
    `?${new URLSearchParams({ ...(url.page > 1 && { page: String(url.page) }), card }).toString()}`;

  return (
    <>
      <PageHeader
        title={rateCardTexts.title}
        actions={
          <>
            <Button variant="outlined" component={Link} to="/provider-catalogue">
              {catalogueScreenTexts.title}
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setLoading(true)}>
              {rateCardTexts.load}
            </Button>
          </>
        }
      />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {rateCardTexts.intro}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <DataTable
          label={rateCardTexts.title}
          columns={columns}
          rows={query.data?.rateCards}
          rowKey={(c) => c._id}
          rowLink={(c) => ({ to: linkTo(c._id) })}
          rowTestId="rate-card-row"
          query={query}
          emptyText={t.empty}
          errorText={rateCardTexts.loadFailed}
          paging={{
            page,
            pageSize: RATE_CARD_PAGE_SIZE,
            total: query.data?.total ?? 0,
            onPage: (p) => setUrl({ page: p + 1, card: '' }),
          }}
          minWidth={800}
        />
        {url.card && <RateCardPanel key={url.card} id={url.card} onClose={() => setUrl({ card: '' })} />}
      </Box>
      {loading && (
        <LoadRateCardDialog
          onClose={() => setLoading(false)}
          onLoaded={(id) => {
            setLoading(false);
            setUrl({ card: id });
          }}
        />
      )}
    </>
  );
};
