import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { categoryMetrics, formatMoney, type Currency, formatCount } from '@pc/contract';
import type { UsageLine } from './summarise';
import { analyticsTexts as t } from './texts';

const label = (metric: UsageLine['metric']) =>
  metric === 'bic' ? t.businessInitiated : metric === 'uic' ? t.userInitiated : categoryMetrics[metric];

/** Conversations and credit used per category (and per initiator) from one balance. */
export const UsagePanel = ({
  title,
  lines,
  currency,
  testId,
}: {
  title: string;
  lines: UsageLine[];
  currency: Currency;
  testId: string;
}) => (
  <Paper
    variant="outlined"
    sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}
    component="section"
    aria-label={title}
    data-testid={testId}
  >
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    <Table
      size="small"
      sx={{
        tableLayout: 'fixed',
        '& td, & th': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.75rem', sm: '0.875rem' }, overflowWrap: 'anywhere' },
        '& th:first-of-type': { width: '38%' },
      }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{t.category}</TableCell>
          <TableCell align="right">{t.conversations}</TableCell>
          <TableCell align="right">{t.amount}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.metric} data-metric={l.metric}>
            <TableCell>{label(l.metric)}</TableCell>
            <TableCell align="right">{formatCount(l.count)}</TableCell>
            <TableCell align="right">{formatMoney(l.amount, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Paper>
);
