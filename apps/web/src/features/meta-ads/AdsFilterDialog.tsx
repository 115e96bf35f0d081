import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { REPORT_MIN_DATE } from '@pc/contract';
import { useId, useState } from 'react';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { localToday } from '../../ui/localDay';
import { completeRanges, filterOutOfBounds, noAdsFilter, type AdsFilterValues } from './listState';
import { metaAdsAreaTexts } from './texts';

const t = metaAdsAreaTexts.filterDialog;
/** The ad stop-date range may end in the future (doc 3 section 5): ads run on past today. */
const NO_LATEST = '9999-12-31';

type Props = {
  open: boolean;
  initial: AdsFilterValues;
  onApply: (values: AdsFilterValues) => void;
  onClose: () => void;
};

/** A labelled range from 25 Apr 2023; a start picked after the end clears the end. */
const Range = ({
  label,
  from,
  to,
  latest,
  onChange,
}: {
  label: string;
  from: string;
  to: string;
  latest?: string;
  onChange: (from: string, to: string) => void;
}) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
    <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
      {label}
    </Typography>
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <DateRangeFields
        from={from}
        to={to}
        earliest={REPORT_MIN_DATE}
        latest={latest}
        onChange={(start, end) => onChange(start, end && start > end ? '' : end)}
        labels={{ from: t.from, to: t.to }}
        name={label}
        size="small"
        sx={{ flex: '1 1 140px' }}
      />
    </Box>
  </Box>
);

/**
 * The Ads tab's Filter (doc 3 section 2): the ad start date range and the ad stop date range. On
 * Apply a range with one day of two is cleared (doc 3 section 5).
 */
export const AdsFilterDialog = ({ open, initial, onApply, onClose }: Props) => {
  const titleId = useId();
  const [values, setValues] = useState(initial);
  const set = (change: Partial<AdsFilterValues>) => setValues((v) => ({ ...v, ...change }));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onEnter: () => setValues(initial) } }}
    >
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <Range
          label={t.adStart}
          from={values.startFrom}
          to={values.startTo}
          onChange={(startFrom, startTo) => set({ startFrom, startTo })}
        />
        <Range
          label={t.adStop}
          from={values.stopFrom}
          to={values.stopTo}
          latest={NO_LATEST}
          onChange={(stopFrom, stopTo) => set({ stopFrom, stopTo })}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => setValues(noAdsFilter)}>{t.clear}</Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button
          variant="contained"
          disabled={filterOutOfBounds(values, localToday())}
          onClick={() => onApply(completeRanges(values))}
        >
          {t.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
