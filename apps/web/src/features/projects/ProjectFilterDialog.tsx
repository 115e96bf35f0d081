import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { kycFilterLabels, kycFilterOptions, monthlyPlanOptions, planLabel, yearlyPlanOptions } from '@pc/contract';
import { useState } from 'react';
import { DateRangeFields } from '../../ui/DateRangeFields';
import type { ProjectFilterValues } from './listRequests';
import { projectsTexts } from './texts';

type Props = {
  open: boolean;
  initial: ProjectFilterValues;
  showKyc: boolean;
  downloading: boolean;
  onApply: (values: ProjectFilterValues) => void;
  onDownload: (values: ProjectFilterValues) => void;
  onClose: () => void;
};

const t = projectsTexts.dialog;

/** An incomplete range is cleared. */
const completeRanges = (v: ProjectFilterValues): ProjectFilterValues => ({
  ...v,
  ...(v.fromDate && v.toDate ? {} : { fromDate: '', toDate: '' }),
  ...(v.fromPlanActivatedDate && v.toPlanActivatedDate ? {} : { fromPlanActivatedDate: '', toPlanActivatedDate: '' }),
});

/** A labelled range; a start picked after the end clears the end. */
const Range = ({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
    <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
      {label}
    </Typography>
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <DateRangeFields
        from={from}
        to={to}
        onChange={(start, end) => onChange(start, end && start > end ? '' : end)}
        labels={{ from: t.from, to: t.to }}
        name={label}
        size="small"
        sx={{ flex: '1 1 140px' }}
      />
    </Box>
  </Box>
);

export const ProjectFilterDialog = ({ open, initial, showKyc, downloading, onApply, onDownload, onClose }: Props) => {
  const [values, setValues] = useState(initial);
  const set = (change: Partial<ProjectFilterValues>) => setValues((v) => ({ ...v, ...change }));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onEnter: () => setValues(initial) } }}
    >
      <DialogTitle>{t.title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <Range
          label={t.planActivated}
          from={values.fromPlanActivatedDate}
          to={values.toPlanActivatedDate}
          onChange={(a, b) => set({ fromPlanActivatedDate: a, toPlanActivatedDate: b })}
        />
        <Range
          label={t.createdAt}
          from={values.fromDate}
          to={values.toDate}
          onChange={(a, b) => set({ fromDate: a, toDate: b })}
        />
        {showKyc && (
          <TextField
            select
            size="small"
            label={t.kyc}
            value={values.kycFilter}
            onChange={(e) => set({ kycFilter: e.target.value as ProjectFilterValues['kycFilter'] })}
          >
            {kycFilterOptions.map((o) => (
              <MenuItem key={o} value={o}>
                {kycFilterLabels[o]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            size="small"
            label={t.monthly}
            value={values.monthlyPlan}
            onChange={(e) => set({ monthlyPlan: e.target.value as ProjectFilterValues['monthlyPlan'] })}
          >
            {monthlyPlanOptions.map((o) => (
              <MenuItem key={o} value={o}>
                {o === 'ALL' ? o : planLabel(o)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t.yearly}
            value={values.yearlyPlan}
            onChange={(e) => set({ yearlyPlan: e.target.value as ProjectFilterValues['yearlyPlan'] })}
          >
            {yearlyPlanOptions.map((o) => (
              <MenuItem key={o} value={o}>
                {o === 'ALL' ? o : planLabel(o)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormControl>
          <FormLabel id="project-sort">{t.sort}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="project-sort"
            value={values.sort}
            onChange={(e) => set({ sort: e.target.value as ProjectFilterValues['sort'] })}
          >
            <FormControlLabel value="dec" control={<Radio />} label={t.descending} />
            <FormControlLabel value="asc" control={<Radio />} label={t.ascending} />
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={downloading} onClick={() => onDownload(completeRanges(values))}>
          {t.download}
        </Button>
        <Button variant="contained" onClick={() => onApply(completeRanges(values))}>
          {t.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
