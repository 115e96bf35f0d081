import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
} from '@mui/material';
import { formatMoney, truncateBillingMessage, type BillingLog, type Currency } from '@pc/contract';
import { useNavigate } from 'react-router';
import { BILLING_PAGE_SIZE, billingsPageTexts as t, createdOn } from './texts';
import { EmptyTableRow } from '../../ui/EmptyTableRow';

type Props = {
  rows: BillingLog[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  currency: Currency | undefined;
};

const Row = ({ log, currency }: { log: BillingLog; currency: Currency | undefined }) => {
  const navigate = useNavigate();
  const open = () => navigate(`/billings/${log._id}`, { state: { log } });
  const message = truncateBillingMessage(log.message);
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={open}
      onKeyDown={(e) => e.key === 'Enter' && open()}
      sx={{ cursor: 'pointer' }}
      data-billing-id={log._id}
    >
      <TableCell>{log.businessName ?? '-'}</TableCell>
      <TableCell>{log.assistantName ?? '-'}</TableCell>
      <TableCell sx={{ minWidth: 220 }}>
        {message === log.message ? (
          message
        ) : (
          <Tooltip title={log.message}>
            <span>{message}</span>
          </Tooltip>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{log.reasonCode}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: log.action === 'ADD' ? 'success.main' : 'error.main' }}>
        {log.action === 'ADD' ? '+' : '-'}
        {formatMoney(log.amount, currency)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{createdOn(log.createdAt)}</TableCell>
    </TableRow>
  );
};

/** Business Name, Project Name, Message, Reason Code, Amount, Created On; 10 rows a page. */
export const BillingTable = ({ rows, total, page, onPage, loading, currency }: Props) => (
  <Paper variant="outlined">
    <TableContainer>
      <Table size="small" sx={{ minWidth: 900 }} aria-label="Billing logs">
        <TableHead>
          <TableRow>
            {t.columns.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((log) => (
            <Row key={log._id} log={log} currency={currency} />
          ))}
          {!loading && rows.length === 0 && <EmptyTableRow columns={6} text={t.noRows} />}
        </TableBody>
      </Table>
    </TableContainer>
    <TablePagination
      component="div"
      count={total}
      page={page}
      onPageChange={(_, p) => onPage(p)}
      rowsPerPage={BILLING_PAGE_SIZE}
      rowsPerPageOptions={[BILLING_PAGE_SIZE]}
    />
  </Paper>
);
