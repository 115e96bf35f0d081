import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import {
  formatCataloguePrice,
  formatCount,
  rateCardTexts,
  type Currency,
  type RateCardEffectRow,
  type RateCardFamilyEffect,
} from '@pc/contract';
import { useEffect, useRef } from 'react';
import { DataTable, type Column, type TableQuery } from '../../ui/DataTable';
import { countryName } from '../plan-details/units';
import { rateCardPageTexts as t } from './texts';

type Props = { family: RateCardFamilyEffect; currency: Currency; query: TableQuery; onClose: () => void };

/** The prices a card changes in one family: the provider's today and with the card, and the partner's each way. */
export const FamilyRows = ({ family, currency, query, onClose }: Props) => {
  const price = (units: number) => formatCataloguePrice(units, currency);
  // Opened from the families above: on a phone it starts below the fold.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest' }), [family.familyId]);
  const columns: Column<RateCardEffectRow>[] = [
    {
      key: 'country',
      label: t.columns.country,
      cell: (r) => `${countryName(r.country, t.restOfWorld)} (${r.country})`,
    },
    { key: 'category', label: t.columns.category, cell: (r) => t.categories[r.category] },
    { key: 'conversations', label: t.columns.conversations, align: 'right', cell: (r) => formatCount(r.conversations) },
    {
      key: 'provider',
      label: t.columns.provider,
      align: 'right',
      nowrap: true,
      cell: (r) => `${price(r.providerToday)} → ${price(r.providerNew)}`,
    },
    { key: 'today', label: t.columns.partnerToday, align: 'right', nowrap: true, cell: (r) => price(r.partnerToday) },
    {
      key: 'kept',
      label: t.columns.partnerIfKept,
      align: 'right',
      nowrap: true,
      cell: (r) =>
        r.keepHolds ? (
          price(r.partnerIfKept)
        ) : (
          <Tooltip title={t.keepFails}>
            <Box component="span" sx={{ color: 'warning.dark' }} data-testid="keep-fails">
              {price(r.partnerIfKept)} ({t.keepFailsShort})
            </Box>
          </Tooltip>
        ),
    },
    {
      key: 'passed',
      label: t.columns.partnerIfPassed,
      align: 'right',
      nowrap: true,
      cell: (r) => price(r.partnerIfPassed),
    },
  ];
  return (
    <Paper
      ref={panel}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2, minWidth: 0 }}
      data-testid="rate-card-rows"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, flexGrow: 1, overflowWrap: 'anywhere' }}>
          {t.rowsTitle(family.name)}
        </Typography>
        <IconButton aria-label={t.closeRows} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DataTable
        label={t.rowsTitle(family.name)}
        columns={columns}
        rows={family.rows}
        rowKey={(r) => `${r.country}|${r.category}`}
        rowTestId="rate-card-row"
        query={query}
        emptyText={t.noRows}
        errorText={rateCardTexts.loadFailed}
        minWidth={960}
      />
    </Paper>
  );
};
