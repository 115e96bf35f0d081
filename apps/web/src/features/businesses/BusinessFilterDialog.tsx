import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import type { SortOrder } from '@pc/contract';
import { useEffect, useId, useState } from 'react';
import { completeRange, today, type DateRange } from './dates';
import { businessesPageTexts as t } from './texts';

export type BusinessFilter = { range: DateRange; sort: SortOrder };
export const defaultFilter: BusinessFilter = { range: { from: '', to: '' }, sort: 'dec' };

type Props = { open: boolean; value: BusinessFilter; onApply: (value: BusinessFilter) => void; onClose: () => void };

/** Created At range (no future dates), sort, Clear Filter, Apply. */
export const BusinessFilterDialog = ({ open, value, onApply, onClose }: Props) => {
  const titleId = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);
  const max = today();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t.filterTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
          {t.createdAt}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <TextField
            type="date"
            label={t.from}
            value={draft.range.from}
            onChange={(e) => setDraft({ ...draft, range: { ...draft.range, from: e.target.value } })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.range.to || max } }}
          />
          <TextField
            type="date"
            label={t.to}
            value={draft.range.to}
            onChange={(e) => setDraft({ ...draft, range: { ...draft.range, to: e.target.value } })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.range.from || undefined, max } }}
          />
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t.sort}
        </Typography>
        <RadioGroup row value={draft.sort} onChange={(e) => setDraft({ ...draft, sort: e.target.value as SortOrder })}>
          <FormControlLabel value="dec" control={<Radio />} label={t.descending} />
          <FormControlLabel value="asc" control={<Radio />} label={t.ascending} />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            onApply(defaultFilter);
            onClose();
          }}
        >
          {t.clearFilter}
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onApply({ ...draft, range: completeRange(draft.range, max) });
            onClose();
          }}
        >
          {t.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
