import { TableCell, TableRow } from '@mui/material';

/** The one row a table shows when it has no rows: its message across every column. */
export const EmptyTableRow = ({ columns, text }: { columns: number; text: string }) => (
  <TableRow>
    <TableCell colSpan={columns} align="center" sx={{ py: 4, color: 'text.secondary' }}>
      {text}
    </TableCell>
  </TableRow>
);
