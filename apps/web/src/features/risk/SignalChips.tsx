import { Box, Chip } from '@mui/material';
import { riskSignalLink, riskSignalText, riskTexts as t, type RiskRow } from '@pc/contract';
import { Link } from 'react-router';

const colour = { 3: 'error', 2: 'warning', 1: 'default' } as const;

/**
 * A project's signals, each a chip that opens the project page's tab where it is fixed. Long
 * labels wrap on a phone rather than run off the screen.
 */
export const SignalChips = ({ row, now }: { row: RiskRow; now: Date }) => (
  <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
    {row.signals.map((s) => (
      <Box component="li" key={s.kind} sx={{ minWidth: 0, maxWidth: '100%' }}>
        <Chip
          component={Link}
          to={riskSignalLink(row.projectId, s.kind)}
          clickable
          size="small"
          variant={s.severity === 1 ? 'outlined' : 'filled'}
          color={colour[s.severity as 1 | 2 | 3]}
          label={riskSignalText(s, now)}
          title={`${t.severities[s.severity]}: ${t.kinds[s.kind]}`}
          data-testid={`risk-chip-${s.kind}`}
          sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
        />
      </Box>
    ))}
  </Box>
);
