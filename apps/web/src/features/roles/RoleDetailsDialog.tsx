import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import {
  EditRoleRequest,
  hasAnyPermission,
  messages,
  normaliseAccessLevel,
  type AccessLevel,
  type Role,
} from '@pc/contract';
import { useId, useState } from 'react';
import { errorText } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { PermissionMatrix } from './PermissionMatrix';
import { roleTexts } from './texts';
import { useEditRole } from './useRoleMutations';

type Props = { role: Role; mode: 'view' | 'edit'; onClose: () => void };

/** A role's permissions: read-only in view mode, preloaded and saved in edit mode. */
export const RoleDetailsDialog = ({ role, mode, onClose }: Props) => {
  const titleId = useId();
  const notify = useNotify();
  const edit = useEditRole();
  const [permissions, setPermissions] = useState<AccessLevel>(() => normaliseAccessLevel(role.accessLevel));
  const readOnly = mode === 'view';

  const save = async () => {
    const request = EditRoleRequest.safeParse({ roleName: role.name, permissionsList: permissions });
    if (!request.success) return;
    try {
      await edit.mutateAsync(request.data);
      notify.success(messages.roleUpdated);
      onClose();
    } catch (error) {
      notify.error(errorText(error, messages.roleUpdateFailed));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {readOnly ? roleTexts.viewTitle(role.name) : roleTexts.editTitle(role.name)}
      </DialogTitle>
      <DialogContent>
        <PermissionMatrix value={permissions} onChange={setPermissions} readOnly={readOnly} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {!readOnly && (
          <Button
            variant="contained"
            disabled={!hasAnyPermission(permissions)}
            loading={edit.isPending}
            onClick={() => void save()}
          >
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
