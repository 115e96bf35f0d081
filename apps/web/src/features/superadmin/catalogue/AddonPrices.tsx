import { Button, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  FLOW_BUILDER,
  mapPlans,
  priceAt,
  slotsOf,
  type AddonPlans,
  type AddonPlanSlot,
  type FlowBuilderTier,
  type ProviderCatalogue,
} from '@pc/contract';
import { useMemo, useState } from 'react';
import { DataTable, type TableQuery } from '../../../ui/DataTable';
import { bothCurrencies, type ChangedRows, type PriceRow } from './amounts';
import { TitledSection } from '../../../ui/TitledSection';
import { EditButton, PricePair } from './PriceCells';
import { PricesDialog } from './PricesDialog';
import { catalogueScreenTexts as t } from './texts';
import { useSaveCatalogue } from './useCatalogue';

/** A line of the table: an add-on, or one of the flow builder's tiers. */
type Line = { addon: string; tier: FlowBuilderTier | null; plans: AddonPlans };
type Props = { catalogue: ProviderCatalogue | undefined; query: TableQuery };

const ZERO = { INR: 0, USD: 0 };
/** A new add-on's plans before it is priced: every slot at 0, per tier for the flow builder. */
const unpriced = (addon: string): AddonPlans => {
  const periods = { Monthly: ZERO, Yearly: ZERO };
  return addon === FLOW_BUILDER ? { Tier1: periods, Tier2: periods } : periods;
};

const slotName = (slot: AddonPlanSlot) => (slot.tier ? `${slot.tier} ${slot.period}` : slot.period);
const rowsOf = (addon: string, plans: AddonPlans): PriceRow[] =>
  slotsOf(addon).map((slot) => ({ key: slotName(slot), label: slotName(slot), amounts: priceAt(plans, slot)! }));
/** The add-on's plans with the changed slots' prices; the catalogue takes an add-on's plans whole. */
const plansWith = (addon: string, plans: AddonPlans, changed: ChangedRows): AddonPlans =>
  mapPlans(addon, plans, (price, slot) => {
    const amounts = changed[slotName(slot)];
    return amounts ? bothCurrencies(amounts) : price;
  });

const linesOf = (addons: ProviderCatalogue['addons']): Line[] =>
  Object.entries(addons)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([addon, plans]): Line[] =>
      'Tier1' in plans
        ? (['Tier1', 'Tier2'] as const).map((tier) => ({ addon, tier, plans }))
        : [{ addon, tier: null, plans }],
    );

/** The provider's add-on plans: Monthly and Yearly in INR and USD, the flow builder per tier. */
export const AddonPrices = ({ catalogue, query }: Props) => {
  const save = useSaveCatalogue();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const lines = useMemo(() => (catalogue ? linesOf(catalogue.addons) : undefined), [catalogue]);
  const lineName = (line: Line) => (line.tier ? `${line.addon} ${line.tier}` : line.addon);
  const saveAddon = (addon: string, plans: AddonPlans, changed: ChangedRows) =>
    save({ addons: { [addon]: plansWith(addon, plans, changed) } });

  return (
    <TitledSection
      title={t.sections.addons}
      actions={
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={!catalogue}>
          {t.newAddon}
        </Button>
      }
    >
      <DataTable
        label={t.sections.addons}
        rows={lines}
        rowKey={lineName}
        query={query}
        emptyText={t.empty.addons}
        errorText={t.loadFailed}
        minWidth={0}
        columns={[
          { key: 'addon', label: t.columns.addon, cell: (line) => line.addon },
          { key: 'tier', label: t.columns.tier, cell: (line) => line.tier ?? t.noTier },
          {
            key: 'monthly',
            label: t.columns.monthly,
            align: 'right',
            cell: (line) => <PricePair price={priceAt(line.plans, { tier: line.tier, period: 'Monthly' })} />,
          },
          {
            key: 'yearly',
            label: t.columns.yearly,
            align: 'right',
            cell: (line) => <PricePair price={priceAt(line.plans, { tier: line.tier, period: 'Yearly' })} />,
          },
          {
            key: 'actions',
            label: t.columns.actions,
            align: 'right',
            cell: (line) => <EditButton what={lineName(line)} onClick={() => setEditing(line.addon)} />,
          },
        ]}
      />
      {editing && catalogue?.addons[editing] && (
        <PricesDialog
          title={t.edit(editing)}
          rows={rowsOf(editing, catalogue.addons[editing])}
          onSave={(changed) => saveAddon(editing, catalogue.addons[editing]!, changed)}
          onClose={() => setEditing(null)}
        />
      )}
      {adding && catalogue && (
        <NewAddonDialog
          taken={(name) => Object.hasOwn(catalogue.addons, name)}
          onSave={(addon, changed) => saveAddon(addon, unpriced(addon), changed)}
          onClose={() => setAdding(false)}
        />
      )}
    </TitledSection>
  );
};

type NewProps = {
  taken: (name: string) => boolean;
  onSave: (addon: string, changed: ChangedRows) => Promise<void>;
  onClose: () => void;
};

/**
 * An add-on new to the catalogue: its name (checked by the server), then every slot's price; the
 * slots follow the name, so FLOW_BUILDER brings its tiers.
 */
const NewAddonDialog = ({ taken, onSave, onClose }: NewProps) => {
  const [name, setName] = useState('');
  const clash = taken(name);
  return (
    <PricesDialog
      title={t.newAddon}
      rows={rowsOf(name, unpriced(name))}
      sendAll
      headReady={name !== '' && !clash}
      head={
        <TextField
          label={t.addonName}
          value={name}
          autoFocus
          fullWidth
          size="small"
          error={clash}
          helperText={clash ? t.addonTaken : t.addonNameHelp}
          onChange={(event) => setName(event.target.value.toUpperCase().replace(/\s/g, '_'))}
          slotProps={{ htmlInput: { maxLength: 40 } }}
          sx={{ mb: 2 }}
        />
      }
      onSave={(changed) => onSave(name, changed)}
      onClose={onClose}
    />
  );
};
