import {
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { messages, type Role, formatDate } from '@pc/contract';
import { roleTexts } from './texts';
import { EmptyTableRow } from '../../ui/EmptyTableRow';

type Props = { roles: Role[]; onView: (role: Role) => void; onEdit: (role: Role) => void };

export const RolesTable = ({ roles, onView, onEdit }: Props) => (
  <TableContainer component={Paper}>
    <Table aria-label={roleTexts.title} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
      <TableHead>
        <TableRow>
          <TableCell>{roleTexts.columns.name}</TableCell>
          <TableCell>{roleTexts.columns.createdAt}</TableCell>
          <TableCell align="right">{roleTexts.columns.actions}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {roles.length === 0 ? (
          <EmptyTableRow columns={3} text={messages.noRolesCreated} />
        ) : (
          roles.map((role) => (
            <TableRow key={role.name} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                {role.name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(role.createdAt)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="View">
                  <IconButton aria-label={`View role ${role.name}`} onClick={() => onView(role)}>
                    <VisibilityOutlinedIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Edit">
                  <IconButton aria-label={`Edit role ${role.name}`} onClick={() => onEdit(role)}>
                    <EditOutlinedIcon />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  </TableContainer>
);
