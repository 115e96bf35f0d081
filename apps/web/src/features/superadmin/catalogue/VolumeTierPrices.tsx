import { Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { ProviderCatalogue, TieredChargeType, VolumeTierPrice } from '@pc/contract';
import { useMemo, useState } from 'react';
import { DataTable, type TableQuery } from '../../../ui/DataTable';
import { TitledSection } from '../../../ui/TitledSection';
import { chargeLabel } from '../../plan-details/texts';
import { countryName } from '../../plan-details/units';
import { EditButton, PricePair } from './PriceCells';
import { catalogueScreenTexts as t } from './texts';
import { tierLinesOf, tierMarketsOf, tierText, type TierLine } from './tiers';
import { TiersDialog } from './TiersDialog';
import { useSaveCatalogue } from './useCatalogue';

type Props = { catalogue: ProviderCatalogue | undefined; query: TableQuery };

const marketName = (code: string) => countryName(code, t.restOfWorld);
const tiersName = (market: string, type: TieredChargeType) => t.tiersOf(market, chargeLabel(type));

/** A tier per line, each on as few lines as it fits: its start, then its prices. */
const TierList = ({ tiers }: { tiers: VolumeTierPrice[] }) => (
  <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', '& > li + li': { mt: { xs: 0.75, sm: 0 } } }}>
    {tiers.map((tier) => {
      const [from, prices] = tierText(tier).split(': ');
      return (
        <li key={tier.fromMessages}>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {from}:
          </Box>{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {prices}
          </Box>
        </li>
      );
    })}
  </Box>
);

/**
 * Meta's volume tiers the provider passes on: per market and charge type (utility, authentication),
 * a lower price from the month's Nth message on. Each market's list is edited whole in a dialog.
 */
export const VolumeTierPrices = ({ catalogue, query }: Props) => {
  const save = useSaveCatalogue();
  // Open: a line's tiers (its market and type fixed), or new tiers (market and type to choose).
  const [open, setOpen] = useState<{ fixed: TierLine | null } | null>(null);
  const lines = useMemo(() => (catalogue ? tierLinesOf(catalogue, marketName) : undefined), [catalogue]);
  const markets = useMemo(() => (catalogue ? tierMarketsOf(catalogue.wcc, marketName) : []), [catalogue]);

  return (
    <TitledSection
      title={t.sections.tiers}
      actions={
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setOpen({ fixed: null })}
          disabled={markets.length === 0}
        >
          {t.addTiers}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mt: -0.5, mb: 1.5 }}>
        {t.tiersIntro}
      </Typography>
      <DataTable
        label={t.sections.tiers}
        rows={lines}
        rowKey={(line) => `${line.code}:${line.type}`}
        query={query}
        emptyText={t.empty.tiers}
        errorText={t.loadFailed}
        minWidth={720}
        columns={[
          { key: 'market', label: t.columns.market, cell: (line) => line.name },
          { key: 'charge', label: t.columns.charge, cell: (line) => chargeLabel(line.type) },
          { key: 'list', label: t.columns.listPrice, align: 'right', cell: (line) => <PricePair price={line.list} /> },
          { key: 'tiers', label: t.columns.tiers, cell: (line) => <TierList tiers={line.tiers} /> },
          {
            key: 'actions',
            label: t.columns.actions,
            align: 'right',
            cell: (line) => (
              <EditButton what={tiersName(line.name, line.type)} onClick={() => setOpen({ fixed: line })} />
            ),
          },
        ]}
      />
      {open && catalogue && (
        <TiersDialog
          catalogue={catalogue}
          markets={markets}
          fixed={open.fixed}
          title={open.fixed ? t.edit(tiersName(open.fixed.name, open.fixed.type)) : t.addTiers}
          onSave={(market, type, tiers) => save({ volumeTiers: { [market]: { [type]: tiers } } })}
          onClose={() => setOpen(null)}
        />
      )}
    </TitledSection>
  );
};
