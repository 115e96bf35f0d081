import { Box, Button, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { messages, type Role } from '@pc/contract';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import { PageHeader } from '../../ui/PageHeader';
import { QuotaCard } from '../../ui/QuotaCard';
import { useNotify } from '../../ui/useNotify';
import { CreateRoleDialog } from './CreateRoleDialog';
import { RoleDetailsDialog } from './RoleDetailsDialog';
import { RolesTable } from './RolesTable';
import { roleTexts } from './texts';
import { useRoles } from './useRoles';

type Opened = { role: Role; mode: 'view' | 'edit' } | null;

export const RolesPage = () => {
  const notify = useNotify();
  const { roles, maxRoles, isLoading, error, query } = useRoles();
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<Opened>(null);
  const atQuota = roles.length >= maxRoles;

  useEffect(() => {
    if (error) notify.error(errorText(error, messages.roleFetchFailed));
  }, [error, notify]);

  const createButton = (
    <Tooltip title={atQuota ? messages.rolesLimitReached : ''}>
      {/* A disabled button gets no pointer events; the span lets the tooltip explain why. */}
      <span>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={atQuota || isLoading}
          onClick={() => setCreating(true)}
        >
          {roleTexts.create}
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <>
      <PageHeader title={roleTexts.title} actions={createButton} />
      <Box sx={{ display: 'flex', mb: 3 }}>
        <QuotaCard label={roleTexts.quota} used={isLoading ? null : roles.length} limit={maxRoles} />
      </Box>
      <RolesTable
        roles={query.data ? roles : undefined}
        query={query}
        onView={(role) => setOpened({ role, mode: 'view' })}
        onEdit={(role) => setOpened({ role, mode: 'edit' })}
      />
      <CreateRoleDialog open={creating} onClose={() => setCreating(false)} />
      {opened && (
        <RoleDetailsDialog
          key={`${opened.role.name}-${opened.mode}`}
          role={opened.role}
          mode={opened.mode}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
};
