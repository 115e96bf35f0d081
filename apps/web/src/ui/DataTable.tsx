import {
  Box,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { lazy, memo, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyTableRow } from './EmptyTableRow';
import { ErrorState } from './ErrorState';
import { Pager } from './Pager';
import { Tooltip } from './Tooltip';

export type Column<R> = {
  key: string;
  label: string;
  cell: (row: R) => ReactNode;
  /** Dates, amounts and codes stay on one line. */
  nowrap?: boolean;
  align?: 'right';
  /** The cell holds its own controls (buttons): it is left out of the row's link. */
  action?: boolean;
};

/** Where a row leads: a real link, so it opens in a new tab, by middle-click, or from the keyboard. */
export type RowLink = { to: string; state?: unknown };

/** The list's query as React Query holds it. */
export type TableQuery = {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export type Paging = {
  /** From 0. */
  page: number;
  pageSize: number;
  /** The rows matching, or with `moreThan` a bound: the server counted this far (a few pages ahead) and saw more. */
  total: number;
  moreThan?: boolean;
  onPage: (page: number) => void;
};

/** What a list page hands its table: the page's rows (none yet while loading), their count and the query. */
export type PagedRows<R> = {
  rows: R[] | undefined;
  total: number;
  /** `total` is a lower bound (Paging.moreThan). */
  moreThan?: boolean;
  /** From 0. */
  page: number;
  onPage: (page: number) => void;
  query: TableQuery;
};

type Props<R> = {
  label: string;
  columns: Column<R>[];
  rows: R[] | undefined;
  rowKey: (row: R) => string;
  query: TableQuery;
  emptyText: string;
  /** The spec's text when a load fails without the server's message. */
  errorText: string;
  rowLink?: (row: R) => RowLink | null;
  /** A row that cannot be opened, and why (shown as its tooltip, and as a line on a narrow screen). */
  rowDisabled?: (row: R) => string | null;
  rowTestId?: string;
  paging?: Paging;
  /** Below this width the table scrolls sideways on a tablet; phones get stacked rows instead. */
  minWidth?: number;
};

const SKELETON_ROWS = 5;

// Shown only while a list fetches again (another page, tab or filter), never on its first load: it
// loads with the first such fetch, beside it.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

const focusRing = {
  outline: '2px solid',
  outlineColor: 'primary.main',
  outlineOffset: '-2px',
} as const;

/** A cell's content as a link to the row's page; only the first is a tab stop, so a row is one stop. */
const CellLink = ({ link, first, children }: { link: RowLink; first: boolean; children: ReactNode }) => (
  <Box
    component={Link}
    to={link.to}
    state={link.state}
    tabIndex={first ? 0 : -1}
    sx={{ display: 'block', px: 2, py: 0.75, color: 'inherit', textDecoration: 'none', outline: 'none' }}
  >
    {children}
  </Box>
);

const WideRows = <R,>({ columns, rows, rowKey, rowLink, rowDisabled, rowTestId }: Props<R> & { rows: R[] }) =>
  rows.map((row) => {
    const disabled = rowDisabled?.(row) ?? null;
    const link = disabled ? null : (rowLink?.(row) ?? null);
    // aria-disabled holds for what is inside too: a row with controls of its own marks its other cells.
    const ownControls = columns.some((column) => column.action);
    const tr = (
      <TableRow
        key={rowKey(row)}
        hover={Boolean(link)}
        aria-disabled={disabled && !ownControls ? true : undefined}
        data-testid={rowTestId}
        sx={{
          cursor: disabled ? 'not-allowed' : link ? 'pointer' : 'default',
          '&:has(a:focus-visible)': focusRing,
        }}
      >
        {columns.map((column, i) => (
          <TableCell
            key={column.key}
            align={column.align}
            aria-disabled={disabled && ownControls && !column.action ? true : undefined}
            sx={{
              whiteSpace: column.nowrap ? 'nowrap' : undefined,
              fontWeight: i === 0 ? 600 : undefined,
              // A row that does not open is dimmed; its own controls (a restore) still work and look it.
              opacity: disabled && !column.action ? 0.6 : 1,
              cursor: disabled && column.action ? 'default' : undefined,
              ...(link && !column.action && { p: 0 }),
            }}
          >
            {link && !column.action ? (
              <CellLink link={link} first={i === 0}>
                {column.cell(row)}
              </CellLink>
            ) : (
              column.cell(row)
            )}
          </TableCell>
        ))}
      </TableRow>
    );
    return disabled ? (
      // Hover only, and under dialogs: a focus given back when a dialog closes, or a dialog opened
      // over the row, left the reason stuck on screen.
      <Tooltip
        key={rowKey(row)}
        title={disabled}
        followCursor
        describeChild
        disableFocusListener
        slotProps={{ popper: { sx: { zIndex: (theme) => theme.zIndex.modal - 1 } } }}
      >
        {tr}
      </Tooltip>
    ) : (
      tr
    );
  });

/** Phones: each row a block, its first column as the title and the others as label and value lines. */
const NarrowRows = <R,>({ columns, rows, rowKey, rowLink, rowDisabled, rowTestId }: Props<R> & { rows: R[] }) => {
  const [title, ...rest] = columns;
  return rows.map((row) => {
    const disabled = rowDisabled?.(row) ?? null;
    const link = disabled ? null : (rowLink?.(row) ?? null);
    const lines = (shown: Column<R>[]) =>
      shown.map((column) => (
        <Box key={column.key} sx={{ display: 'grid', gridTemplateColumns: '40% 1fr', gap: 1, mt: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {column.label}
          </Typography>
          <Box sx={{ typography: 'body2', overflowWrap: 'anywhere', minWidth: 0 }}>{column.cell(row)}</Box>
        </Box>
      ));
    const content = (
      <>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title!.cell(row)}</Typography>
        {lines(rest)}
        {disabled && (
          <Typography variant="caption" color="text.secondary">
            {disabled}
          </Typography>
        )}
      </>
    );
    const sx = {
      display: 'block',
      px: 2,
      py: 1.5,
      borderBottom: 1,
      borderColor: 'divider',
      color: 'inherit',
      textDecoration: 'none',
      opacity: disabled ? 0.6 : 1,
      '&:focus-visible': focusRing,
    } as const;
    const actions = columns.filter((column) => column.action);
    if (disabled && actions.length > 0)
      // A row that does not open is dimmed, but not its own controls (a restore).
      return (
        <Box key={rowKey(row)} sx={{ ...sx, opacity: 1 }} data-testid={rowTestId}>
          <Box sx={{ opacity: 0.6 }} aria-disabled>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title!.cell(row)}</Typography>
            {lines(rest.filter((column) => !column.action))}
            <Typography variant="caption" color="text.secondary">
              {disabled}
            </Typography>
          </Box>
          {lines(actions)}
        </Box>
      );
    if (link && actions.length > 0)
      // Controls cannot sit inside a link: the row's text is the link, its controls follow it.
      return (
        <Box key={rowKey(row)} sx={{ ...sx, p: 0 }} data-testid={rowTestId}>
          <Box component={Link} to={link.to} state={link.state} sx={{ ...sx, borderBottom: 0, pb: 0.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title!.cell(row)}</Typography>
            {lines(rest.filter((column) => !column.action))}
          </Box>
          <Box sx={{ px: 2, pb: 1 }}>{lines(actions)}</Box>
        </Box>
      );
    return link ? (
      <Box key={rowKey(row)} component={Link} to={link.to} state={link.state} sx={sx} data-testid={rowTestId}>
        {content}
      </Box>
    ) : (
      <Box key={rowKey(row)} sx={sx} data-testid={rowTestId} aria-disabled={disabled ? true : undefined}>
        {content}
      </Box>
    );
  });
};

const TableView = <R,>(props: Props<R>) => {
  const { label, columns, rows, query, emptyText, paging, minWidth = 720 } = props;
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const loading = query.isPending && !rows;
  const failed = query.isError;
  const held = rows ?? [];

  const errorState = failed && (
    <ErrorState error={query.error} fallback={props.errorText} onRetry={() => void query.refetch()} />
  );
  // Shown once there is something to page through (or a way back from a page that emptied).
  const pagination = paging && !loading && !failed && (held.length > 0 || paging.page > 0) && <Pager {...paging} />;
  const progress = query.isFetching && !loading && (
    <Suspense fallback={null}>
      <LinearProgress aria-label={`Loading ${label}`} />
    </Suspense>
  );

  // The stacked rows are a region of their own, named apart from the section around them that
  // carries the same title (two landmarks of one name are one too many: axe's landmark-unique).
  if (narrow)
    return (
      <Paper variant="outlined" aria-label={`${label} list`} role="region" aria-busy={loading || query.isFetching}>
        {progress}
        {failed && <Box sx={{ p: 1 }}>{errorState}</Box>}
        {loading &&
          Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <Box key={i} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="skeleton-row">
              <Skeleton width="60%" />
              <Skeleton width="80%" />
            </Box>
          ))}
        {!loading && !failed && held.length === 0 && (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            {emptyText}
          </Typography>
        )}
        {!failed && <NarrowRows {...props} rows={held} />}
        {pagination}
      </Paper>
    );

  return (
    <Paper variant="outlined">
      {progress}
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={loading || query.isFetching} sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: query.isFetching && !loading ? 0.6 : 1 }}>
            {failed && (
              <TableRow>
                <TableCell colSpan={columns.length}>{errorState}</TableCell>
              </TableRow>
            )}
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <TableCell key={column.key}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && !failed && held.length === 0 && <EmptyTableRow columns={columns.length} text={emptyText} />}
            {!failed && <WideRows {...props} rows={held} />}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Paper>
  );
};

const DeferredTableView = memo(TableView) as typeof TableView;

/**
 * The one table of every list (ARCHITECTURE rule 11): skeleton rows while the first page loads
 * (never "0–0 of 0"), the server's message with Retry when it fails (never "no rows"), the spec's
 * empty text, rows that are links, and on a phone stacked rows where no column is cut off.
 *
 * Drawn from a deferred copy of its props: React Query hands a list's answer to React as an external
 * store's change, which React renders at once and whole, so a page of rows arriving held the main
 * thread for one long task (about 350 ms for the projects list on a phone, at 4x). Deferred, the page
 * around the table updates at once and the rows are rendered in a pass React can interrupt.
 */
export const DataTable = <R,>(props: Props<R>) => <DeferredTableView {...useDeferredValue(props)} />;
