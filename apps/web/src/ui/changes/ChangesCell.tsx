import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { changesOf, fieldLabel, type Change } from './changes';

const SHOWN = 4;
const LONG = 60;

const texts = {
  noChange: 'No field changed',
  showMore: (n: number) => `Show ${n} more`,
  showLess: 'Show less',
} as const;

/** A value cut to one readable line; the whole of it on hover. */
const Value = ({ text, struck }: { text: string; struck?: boolean }) => (
  <Box
    component="span"
    title={text.length > LONG ? text : undefined}
    sx={{ color: struck ? 'text.secondary' : undefined, textDecoration: struck ? 'line-through' : undefined }}
  >
    {text.length > LONG ? `${text.slice(0, LONG)}…` : text}
  </Box>
);

const Line = ({ change }: { change: Change }) => (
  <Box component="li" sx={{ overflowWrap: 'anywhere' }}>
    <Box component="span" sx={{ fontWeight: 600 }} title={change.field}>
      {fieldLabel(change.field)}
    </Box>
    {': '}
    {change.before !== null && (
      <>
        <Value text={change.before} struck />
        {' → '}
      </>
    )}
    <Value text={change.after ?? '—'} />
  </Box>
);

type Entry = { before: Record<string, unknown> | null; after: Record<string, unknown> | null };

/**
 * A log entry's before and after as a list of changed fields ("Max agents: 10 → 20"), the first few
 * and the rest on request: the super-admin's audit log and a partner's activity log alike.
 */
export const ChangesCell = ({ entry }: { entry: Entry }) => {
  const [all, setAll] = useState(false);
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {texts.noChange}
      </Typography>
    );
  const shown = all ? changes : changes.slice(0, SHOWN);
  return (
    <Box>
      <Box component="ul" sx={{ m: 0, pl: 2, typography: 'body2' }}>
        {shown.map((change) => (
          <Line key={change.field} change={change} />
        ))}
      </Box>
      {changes.length > SHOWN && (
        <Button size="small" onClick={() => setAll((a) => !a)} sx={{ px: 0.5, minWidth: 0 }}>
          {all ? texts.showLess : texts.showMore(changes.length - SHOWN)}
        </Button>
      )}
    </Box>
  );
};
