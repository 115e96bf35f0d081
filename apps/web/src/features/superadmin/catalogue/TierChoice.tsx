import { Autocomplete, Box, MenuItem, TextField } from '@mui/material';
import { tieredChargeTypes, type TieredChargeType } from '@pc/contract';
import { chargeLabel } from '../../plan-details/texts';
import { catalogueScreenTexts as t } from './texts';
import type { Market } from './tiers';

/** A market that can have tiers, and the charge types it has a list price for. */
export type TierMarket = Market & { types: TieredChargeType[] };

type Props = {
  markets: TierMarket[];
  market: string | null;
  type: TieredChargeType;
  /** A new market keeps the charge type when it has a list price for it, else takes the one it has. */
  onChoose: (market: string | null, type: TieredChargeType) => void;
};

/** New tiers' market (found by name or code) and charge type; a type without a list price there cannot be chosen. */
export const TierChoice = ({ markets, market, type, onChoose }: Props) => {
  const chosen = markets.find((m) => m.code === market) ?? null;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, mb: 2, alignItems: 'start' }}
    >
      <Autocomplete
        options={markets}
        value={chosen}
        autoHighlight
        size="small"
        getOptionLabel={(m) => m.name}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        filterOptions={(options, { inputValue }) => {
          const text = inputValue.trim().toLowerCase();
          return options.filter((m) => m.name.toLowerCase().includes(text) || m.code.toLowerCase() === text);
        }}
        onChange={(_event, next) =>
          onChoose(next?.code ?? null, next && !next.types.includes(type) ? next.types[0]! : type)
        }
        renderInput={(params) => <TextField {...params} label={t.columns.market} autoFocus />}
      />
      <TextField
        select
        size="small"
        label={t.columns.charge}
        value={type}
        onChange={(event) => onChoose(market, event.target.value as TieredChargeType)}
      >
        {tieredChargeTypes.map((option) => (
          <MenuItem key={option} value={option} disabled={chosen !== null && !chosen.types.includes(option)}>
            {chargeLabel(option)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};
