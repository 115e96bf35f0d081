import { Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, ListItemText, MenuItem, TextField } from '@mui/material';
import { businessTexts, REPORT_MIN_DATE, reasonCodes } from '@pc/contract';
import { useEffect, useId, useState } from 'react';
import { errorText } from '../api/errors';
import { useNotify } from './useNotify';

const t = { from: 'From', to: 'To', reasonCodes: 'Reason Codes', cancel: 'Cancel', download: 'Download' } as const;

/** Today as YYYY-MM-DD in the user's calendar (the latest date a report may end). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Props = {
  open: boolean;
  title: string;
  withReasonCodes: boolean;
  onDownload: (range: { startDate: string; endDate: string; selectedReasonCodes?: string[] }) => Promise<void>;
  onClose: () => void;
};

/** The report download dialog shared by businesses, billings and projects: from 25 Apr 2023 to today; Download only when both dates are picked; reason codes multi-select for billing reports. */
export const ReportDialog = ({ open, title, withReasonCodes, onDownload, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setFrom('');
      setTo('');
      setCodes([]);
    }
  }, [open]);
  const max = today();
  const download = async () => {
    setBusy(true);
    try {
      await onDownload({ startDate: from, endDate: to, ...(withReasonCodes ? { selectedReasonCodes: codes } : {}) });
      notify.success(businessTexts.reportDownloaded);
      onClose();
    } catch (error) {
      notify.error(errorText(error, businessTexts.reportFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: '1fr 1fr' }}>
          <TextField type="date" label={t.from} value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: REPORT_MIN_DATE, max: to || max } }} />
          <TextField type="date" label={t.to} value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || REPORT_MIN_DATE, max } }} />
          {withReasonCodes && (
            <TextField
              select
              label={t.reasonCodes}
              value={codes}
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
              onChange={(e) => setCodes(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as unknown as string[]))}
            >
              {reasonCodes.map((code) => (
                <MenuItem key={code} value={code}>
                  <Checkbox checked={codes.includes(code)} size="small" />
                  <ListItemText primary={code} />
                </MenuItem>
              ))}
            </TextField>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button variant="contained" onClick={() => void download()} disabled={!from || !to || from < REPORT_MIN_DATE || to > max || from > to} loading={busy}>
          {t.download}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
