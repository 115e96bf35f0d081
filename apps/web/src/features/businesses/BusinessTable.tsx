import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Paper,
} from '@mui/material';
import { BUSINESS_PAGE_SIZE, businessTexts, stripArchiveMarker, type Business } from '@pc/contract';
import { useNavigate } from 'react-router';
import { longDate } from './dates';
import { businessesPageTexts as t } from './texts';
import { EmptyTableRow } from '../../ui/EmptyTableRow';

type Props = { rows: Business[]; total: number; page: number; onPage: (page: number) => void; loading: boolean };

const Row = ({ business }: { business: Business }) => {
  const navigate = useNavigate();
  const archived = business.businessArchived;
  const open = () => navigate(`/businesses/${business.id}`);
  const row = (
    <TableRow
      hover={!archived}
      onClick={archived ? undefined : open}
      onKeyDown={archived ? undefined : (e) => e.key === 'Enter' && open()}
      tabIndex={archived ? undefined : 0}
      sx={{ cursor: archived ? 'default' : 'pointer', opacity: archived ? 0.6 : 1 }}
      data-archived={archived || undefined}
    >
      <TableCell sx={{ fontWeight: 600 }}>{business.displayName}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{stripArchiveMarker(business.email)}</TableCell>
      <TableCell>{business.contact}</TableCell>
      <TableCell>{business.company}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{longDate(business.createdOn)}</TableCell>
    </TableRow>
  );
  return archived ? (
    <Tooltip title={businessTexts.archivedTooltip} followCursor describeChild>
      {row}
    </Tooltip>
  ) : (
    row
  );
};

/** Name, Email, Contact, Company, Created On; 25 rows a page, the only size offered. */
export const BusinessTable = ({ rows, total, page, onPage, loading }: Props) => (
  <Paper variant="outlined">
    <TableContainer>
      <Table size="small" sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            {t.columns.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 700 }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((business) => (
            <Row key={business.id} business={business} />
          ))}
          {!loading && rows.length === 0 && <EmptyTableRow columns={5} text={t.noRows} />}
        </TableBody>
      </Table>
    </TableContainer>
    <TablePagination
      component="div"
      count={total}
      page={page}
      onPageChange={(_e, p) => onPage(p)}
      rowsPerPage={BUSINESS_PAGE_SIZE}
      rowsPerPageOptions={[BUSINESS_PAGE_SIZE]}
    />
  </Paper>
);
