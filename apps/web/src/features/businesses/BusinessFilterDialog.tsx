import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import type { SortOrder } from '@pc/contract';
import { useEffect, useId, useState } from 'react';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { localToday } from '../../ui/localDay';
import { completeRange, type DateRange } from './dates';
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
  const max = localToday();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t.filterTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1 }}>
          {t.createdAt}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <DateRangeFields
            from={draft.range.from}
            to={draft.range.to}
            onChange={(from, to) => setDraft({ ...draft, range: { from, to } })}
            labels={{ from: t.from, to: t.to }}
          />
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
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
