import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import {
  formatCataloguePrice,
  formatDateTime,
  formatPercent,
  rateCardTexts,
  type RateCardRow,
  type RateCardSummary,
} from '@pc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { DataTable, type Column } from '../../../ui/DataTable';
import { countryName } from '../../plan-details/units';
import { rateCardPageTexts } from '../../rate-cards/texts';
import { useAdminNotify } from '../useAdminNotify';
import { cancelRateCard, fetchRateCard, rateCardAdminKeys } from './api';
import { rateCardAdminTexts as t } from './texts';

const columnsFor = (card: RateCardSummary | undefined): Column<RateCardRow>[] => {
  const price = (units: number | null) => (units === null ? '-' : formatCataloguePrice(units, card?.currency ?? 'INR'));
  return [
    {
      key: 'country',
      label: t.columns.country,
      cell: (r) => `${countryName(r.country, t.restOfWorld)} (${r.country})`,
    },
    { key: 'category', label: t.columns.category, cell: (r) => rateCardPageTexts.categories[r.category] },
    { key: 'current', label: t.columns.current, align: 'right', nowrap: true, cell: (r) => price(r.current) },
    { key: 'price', label: t.columns.price, align: 'right', nowrap: true, cell: (r) => price(r.price) },
    {
      key: 'change',
      label: t.columns.change,
      align: 'right',
      nowrap: true,
      cell: (r) => {
        if (r.change === null || r.current === null) return '-';
        const sign = r.change > 0 ? '+' : r.change < 0 ? '−' : '';
        const percent = r.current > 0 ? ` (${sign}${formatPercent(Math.abs((r.change / r.current) * 100))})` : '';
        return `${sign}${price(Math.abs(r.change))}${percent}`;
      },
    },
  ];
};

/** One card opened from the list: its prices beside the catalogue's, and Cancel while it is scheduled. */
export const RateCardPanel = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const notify = useAdminNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Opened from the list above it: on a phone it starts below the fold.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest' }), []);
  const query = useQuery({ queryKey: rateCardAdminKeys.card(id), queryFn: () => fetchRateCard(id) });
  const card = query.data?.rateCard;
  const cancel = useMutation({
    mutationFn: () => cancelRateCard(id),
    onSuccess: (answer) => {
      notify.success(answer.message);
      setConfirming(false);
    },
    onError: (error) => notify.error(errorText(error, t.cancelFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateCardAdminKeys.all }),
  });
  const cancellable = card?.status === 'SCHEDULED' && new Date(card.effectiveAt).getTime() > Date.now();
  const note =
    card?.status === 'APPLIED'
      ? t.appliedOn(formatDateTime(card.appliedAt))
      : card?.status === 'CANCELLED'
        ? t.cancelledOn(formatDateTime(card.cancelledAt))
        : t.scheduledNote;

  return (
    <Paper
      ref={panel}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2, minWidth: 0 }}
      data-testid="rate-card-panel"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1, overflowWrap: 'anywhere' }}>
          {card ? t.cardTitle(card.currency, formatDateTime(card.effectiveAt)) : '…'}
        </Typography>
        {cancellable && (
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            {rateCardTexts.cancel}
          </Button>
        )}
        <IconButton aria-label={t.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {card && (
        <Typography variant="body2" color="text.secondary">
          {card.fileName} · {t.status[card.status]}. {note}
        </Typography>
      )}
      <DataTable
        label={t.columns.price}
        columns={columnsFor(card)}
        rows={query.data?.rows}
        rowKey={(r) => `${r.country}|${r.category}`}
        rowTestId="rate-card-price"
        query={query}
        emptyText={t.noRows}
        errorText={rateCardTexts.loadFailed}
        minWidth={640}
      />
      <ConfirmDialog
        open={confirming}
        title={rateCardTexts.cancel}
        text={rateCardTexts.cancelConfirm}
        confirmLabel={rateCardTexts.cancel}
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
};
