import { IconButton, Tooltip } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { formatDate, messages, type Role } from '@pc/contract';
import { DataTable, type TableQuery } from '../../ui/DataTable';
import { roleTexts } from './texts';

type Props = {
  roles: Role[] | undefined;
  query: TableQuery;
  onView: (role: Role) => void;
  onEdit: (role: Role) => void;
};

/** Name, Created At (long US date), Actions (view, edit); "No Roles Created!" when there are none. */
export const RolesTable = ({ roles, query, onView, onEdit }: Props) => (
  <DataTable
    label={roleTexts.title}
    rows={roles}
    rowKey={(role) => role.name}
    query={query}
    emptyText={messages.noRolesCreated}
    errorText={messages.roleFetchFailed}
    minWidth={0}
    columns={[
      { key: 'name', label: roleTexts.columns.name, cell: (role) => role.name },
      { key: 'created', label: roleTexts.columns.createdAt, cell: (role) => formatDate(role.createdAt), nowrap: true },
      {
        key: 'actions',
        label: roleTexts.columns.actions,
        align: 'right',
        nowrap: true,
        cell: (role) => (
          <>
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
          </>
        ),
      },
    ]}
  />
);
