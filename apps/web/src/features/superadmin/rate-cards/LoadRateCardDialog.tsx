import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormHelperText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { currencies, LoadRateCardRequest, type Currency } from '@pc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText, isApiError } from '../../../api/errors';
import { useAdminNotify } from '../useAdminNotify';
import { loadRateCard, rateCardAdminKeys } from './api';
import { rateCardAdminTexts as t } from './texts';

type Fields = Partial<Record<'currency' | 'effectiveAt' | 'csv', string>>;

/** The date-time field's local value ("2026-12-04T10:00") as an instant with its offset, or '' when blank. */
const instantOf = (local: string) => {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
};

/**
 * Load rate card: currency, the instant it takes effect (in the admin's own time) and the CSV, read
 * in the browser and sent as text. Each refusal shows where it points: the instant, the currency (a
 * card already scheduled) or the file (every bad line with its number).
 */
export const LoadRateCardDialog = ({ onClose, onLoaded }: { onClose: () => void; onLoaded: (id: string) => void }) => {
  const titleId = useId();
  const notify = useAdminNotify();
  const queryClient = useQueryClient();
  const [currency, setCurrency] = useState<Currency>('INR');
  const [local, setLocal] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const mutation = useMutation({
    mutationFn: loadRateCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rateCardAdminKeys.all }),
  });

  const submit = async () => {
    const body = {
      currency,
      effectiveAt: instantOf(local),
      fileName: file?.name ?? '',
      csv: file ? await file.text() : '',
    };
    const parsed = LoadRateCardRequest.safeParse(body);
    if (!parsed.success) {
      const found: Fields = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'fileName' ? 'csv' : (issue.path[0] as keyof Fields);
        found[key] ??= issue.message;
      }
      setFields(found);
      return;
    }
    setFields({});
    try {
      const answer = await mutation.mutateAsync(parsed.data);
      notify.success(answer.message);
      onLoaded(answer.rateCard._id);
    } catch (error) {
      if (isApiError(error) && error.fields) setFields(error.fields as Fields);
      notify.error(errorText(error, t.loadFailed));
    }
  };

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={titleId}>{t.dialogTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.dialogHint}</DialogContentText>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField
              select
              label={t.currency}
              value={currency}
              onChange={(e) => setCurrency(e.target.value as Currency)}
              error={Boolean(fields.currency)}
              helperText={fields.currency}
            >
              {currencies.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="datetime-local"
              label={t.effectiveAt}
              value={local}
              onChange={(e) => setLocal(e.target.value)}
              error={Boolean(fields.effectiveAt)}
              helperText={fields.effectiveAt}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                  {t.chooseFile}
                  <input
                    hidden
                    type="file"
                    accept=".csv,text/csv"
                    aria-label={t.file}
                    onChange={(e) => {
                      setFile(e.target.files?.[0] ?? null);
                      setFields(({ csv: _, ...rest }) => rest);
                    }}
                  />
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {file?.name ?? t.noFile}
                </Typography>
              </Box>
              {fields.csv && (
                <FormHelperText error sx={{ whiteSpace: 'pre-line', mt: 1 }} data-testid="csv-errors">
                  {fields.csv}
                </FormHelperText>
              )}
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {t.load}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
