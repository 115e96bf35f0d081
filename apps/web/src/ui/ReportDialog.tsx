import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  MenuItem,
  TextField,
} from '@mui/material';
import { businessTexts, REPORT_MIN_DATE, reasonCodes } from '@pc/contract';
import { useEffect, useId, useState } from 'react';
import { errorText } from '../api/errors';
import { DateRangeFields } from './DateRangeFields';
import { localDayEnd, localDayStart, localToday } from './localDay';
import { useNotify } from './useNotify';

const t = { reasonCodes: 'Reason Codes', cancel: 'Cancel', download: 'Download' } as const;

type Props = {
  open: boolean;
  title: string;
  withReasonCodes: boolean;
  /**
   * `request` is what the report calls take: the picked days as instants in the user's calendar
   * (00:00 of the first to the end of the last); `days` the days as picked, for file names and for
   * calls that take days.
   */
  onDownload: (
    request: { startDate?: string; endDate?: string; selectedReasonCodes?: string[] },
    days: { from: string; to: string },
  ) => Promise<void>;
  onClose: () => void;
  /**
   * A project's reports (doc 2 section 7.5): a day left unpicked is not sent (the server reads it as
   * the first day reports cover, or now) and the file name says Start or End. Elsewhere both days
   * are needed (doc 1 section 5).
   */
  openEnded?: boolean;
  /** The success text: doc 1's by default, doc 2's 'Report successfully downloaded!' for a project's. */
  successText?: string;
};

/**
 * The report download dialog shared by businesses, billings and projects: from 25 Apr 2023 to
 * today; Download once both dates are picked (or at once, open-ended, for a project's); reason
 * codes multi-select for billing reports.
 */
export const ReportDialog = ({
  open,
  title,
  withReasonCodes,
  onDownload,
  onClose,
  openEnded = false,
  successText = businessTexts.reportDownloaded,
}: Props) => {
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
  const max = localToday();
  const download = async () => {
    setBusy(true);
    try {
      await onDownload(
        {
          ...(from ? { startDate: localDayStart(from) } : {}),
          ...(to ? { endDate: localDayEnd(to) } : {}),
          ...(withReasonCodes ? { selectedReasonCodes: codes } : {}),
        },
        { from, to },
      );
      notify.success(successText);
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
          <DateRangeFields
            from={from}
            to={to}
            earliest={REPORT_MIN_DATE}
            onChange={(start, end) => {
              setFrom(start);
              setTo(end);
            }}
          />
          {withReasonCodes && (
            <TextField
              select
              label={t.reasonCodes}
              value={codes}
              sx={{ gridColumn: '1 / -1' }}
              slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
              onChange={(e) =>
                setCodes(
                  typeof e.target.value === 'string'
                    ? e.target.value.split(',')
                    : (e.target.value as unknown as string[]),
                )
              }
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
        <Button
          variant="contained"
          onClick={() => void download()}
          disabled={
            (!openEnded && (!from || !to)) ||
            (from !== '' && from < REPORT_MIN_DATE) ||
            (to !== '' && to > max) ||
            (from !== '' && to !== '' && from > to)
          }
          loading={busy}
        >
          {t.download}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
