import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Typography } from '@mui/material';

const since = 'Since 1 July 2025 Meta charges per message';

/**
 * Ours, beside the spec's words: the screens keep "conversation" (WCC, the usage and margin
 * counts) where, under per-message pricing, the unit is a message (docs/charging.md).
 */
export const perMessageTexts = {
  prices: `${since}: these prices are per delivered message.`,
  counts: `${since}: from that day, each conversation counted here is one message.`,
} as const;

/** A one-line caption saying what a price or a count is since per-message pricing. */
export const PerMessageNote = ({ of }: { of: keyof typeof perMessageTexts }) => (
  <Typography
    variant="caption"
    component="p"
    color="text.secondary"
    data-testid="per-message-note"
    sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', minWidth: 0 }}
  >
    <InfoOutlinedIcon aria-hidden sx={{ fontSize: '1rem', flexShrink: 0, mt: '1px' }} />
    <span>{perMessageTexts[of]}</span>
  </Typography>
);
