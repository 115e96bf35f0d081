import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import {
  ESTIMATE_MAX_LINES,
  EstimateRequest,
  estimateCategories,
  formatCount,
  formatMoney,
  walletTexts as t,
  type Currency,
  type EstimateLine,
  type EstimateResponse,
} from '@pc/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorText } from '../../api/errors';
import { estimateCampaign } from './api';

type Props = {
  projectId: string;
  projectName: string;
  currency: Currency;
  defaultCountry: string;
  onClose: () => void;
};
type Draft = { country: string; category: EstimateLine['category']; recipients: string };

const categoryLabel = {
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Service',
};

const toRequest = (lines: Draft[]) =>
  EstimateRequest.safeParse({
    lines: lines.map((l) => ({
      country: l.country.trim().toUpperCase(),
      category: l.category,
      recipients: Number(l.recipients),
    })),
  });

/**
 * The campaign pre-flight (ours; not in the spec): recipients by country and category, priced at the
 * project's prices, and whether its credit and the central balance cover them, known before a
 * campaign is sent rather than when a balance runs out half-way.
 */
export const EstimateDialog = ({ projectId, projectName, currency, defaultCountry, onClose }: Props) => {
  const titleId = useId();
  const [lines, setLines] = useState<Draft[]>([{ country: defaultCountry, category: 'marketing', recipients: '1000' }]);
  const parsed = toRequest(lines);
  const money = (n: number) => formatMoney(n, currency);
  const run = useMutation({ mutationFn: (body: EstimateRequest) => estimateCampaign(projectId, body) });
  const set = (i: number, change: Partial<Draft>) => {
    run.reset();
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));
  };
  const result: EstimateResponse | undefined = run.data;
  // A phone gets the whole screen: the lines and the priced table need its width.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>{`${t.estimateTitle}: ${projectName}`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {lines.map((line, i) => (
          <Box
            key={i}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr 1fr', sm: '110px 1fr 1fr auto' },
              pt: i ? 0 : 1,
            }}
            data-testid="estimate-line"
          >
            <TextField
              size="small"
              label={t.country}
              value={line.country}
              onChange={(e) => set(i, { country: e.target.value.toUpperCase().slice(0, 2) })}
              slotProps={{ htmlInput: { 'aria-label': `${t.country} ${i + 1}` } }}
            />
            <TextField
              select
              size="small"
              label={t.category}
              value={line.category}
              onChange={(e) => set(i, { category: e.target.value as Draft['category'] })}
            >
              {estimateCategories.map((c) => (
                <MenuItem key={c} value={c}>
                  {categoryLabel[c]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t.recipients}
              value={line.recipients}
              inputMode="numeric"
              onChange={(e) => set(i, { recipients: e.target.value.replace(/\D/g, '') })}
              slotProps={{ htmlInput: { 'aria-label': `${t.recipients} ${i + 1}` } }}
            />
            <IconButton
              aria-label={t.removeLine}
              disabled={lines.length === 1}
              onClick={() => {
                run.reset();
                setLines((all) => all.filter((_, j) => j !== i));
              }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button
            size="small"
            disabled={lines.length >= ESTIMATE_MAX_LINES}
            onClick={() =>
              setLines((all) => [...all, { country: defaultCountry, category: 'utility', recipients: '1000' }])
            }
          >
            {t.addLine}
          </Button>
        </Box>
        {run.isError && <Alert severity="error">{errorText(run.error, t.estimateFailed)}</Alert>}
        {result && (
          <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="estimate-result">
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t.estimate} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{`${t.country} · ${t.category}`}</TableCell>
                    <TableCell align="right">{`${t.recipients} × ${t.price}`}</TableCell>
                    <TableCell align="right">{t.amount}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.lines.map((l, i) => (
                    <TableRow key={i}>
                      <TableCell>{`${l.country} · ${categoryLabel[l.category]}`}</TableCell>
                      <TableCell align="right">{`${formatCount(l.recipients)} × ${money(l.price)}`}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {money(l.amount)}
                      </TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                      {t.total}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                      data-testid="estimate-total"
                    >
                      {money(result.total)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
            <Typography variant="body2">
              {`${t.fromCredit}: ${money(result.fromCredit)} of ${money(result.credit)} · ${t.fromCentral}: ${money(result.fromCentral)} of ${money(result.centralBalance)}`}
            </Typography>
            <Alert severity={result.covered ? 'success' : 'warning'} data-testid="estimate-verdict">
              {result.covered ? t.covered : `${t.notCovered} (${t.uncovered}: ${money(result.uncovered)})`}
            </Alert>
            {result.lines.some((l) => l.category === 'service' && l.price === 0) && (
              <Typography variant="caption" color="text.secondary">
                {t.freeNote}
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={!parsed.success}
          loading={run.isPending}
          onClick={() => parsed.success && run.mutate(parsed.data)}
        >
          {t.estimate}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
