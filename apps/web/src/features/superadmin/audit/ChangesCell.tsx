import { Box, Button, Typography } from '@mui/material';
import type { AuditEntry } from '@pc/contract';
import { useState } from 'react';
import { changesOf, type Change } from './changes';
import { auditTexts as t } from './texts';

const SHOWN = 4;
const LONG = 60;

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
    <Box component="span" sx={{ fontWeight: 600 }}>
      {change.field}
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

/** An audit row's before and after as a list of changed fields ("maxAgents: 10 → 20"). */
export const ChangesCell = ({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) => {
  const [all, setAll] = useState(false);
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t.noChange}
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
          {all ? t.showLess : t.showMore(changes.length - SHOWN)}
        </Button>
      )}
    </Box>
  );
};
