import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Box, Typography } from '@mui/material';
import { formatCataloguePrice, formatCount, type Currency, type VolumeTiers } from '@pc/contract';
import { chargeLabel } from './texts';
import { countryName } from './units';

export const volumeTiersTexts = {
  intro:
    'Meta’s volume tiers: from a client business’s Nth utility or authentication message of a month in a market, the provider’s price steps down; your margin stays on top of it.',
  line: (market: string, charge: string, steps: string) => `${market} ${charge}: ${steps}`,
  step: (from: number, price: string) => `from message ${formatCount(from)}, ${price}`,
  restOfWorld: 'Rest of world',
} as const;

/**
 * Under a WCC family's prices: the tiers the provider passes on, in the family's currency (the
 * partner's price of a tiered message is the tier's price plus the family's margin:
 * docs/charging.md). Nothing when the provider has none.
 */
export const VolumeTiersNote = ({ tiers, currency }: { tiers: VolumeTiers | undefined; currency: Currency }) => {
  const lines = Object.entries(tiers ?? {}).flatMap(([market, byType]) =>
    Object.entries(byType).map(([type, list]) =>
      volumeTiersTexts.line(
        countryName(market, volumeTiersTexts.restOfWorld),
        chargeLabel(type as 'uc' | 'ac'),
        list.map((t) => volumeTiersTexts.step(t.fromMessages, formatCataloguePrice(t[currency], currency))).join('; '),
      ),
    ),
  );
  if (lines.length === 0) return null;
  return (
    <Box data-testid="volume-tiers-note" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 1 }}>
      <TrendingDownIcon aria-hidden sx={{ fontSize: '1rem', flexShrink: 0, mt: '1px', color: 'text.secondary' }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" color="text.secondary">
          {volumeTiersTexts.intro}
        </Typography>
        {lines.map((line) => (
          <Typography
            key={line}
            variant="caption"
            component="p"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
};
