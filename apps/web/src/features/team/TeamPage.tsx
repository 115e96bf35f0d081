import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { isOwner, messages, type PartnerAgent } from '@pc/contract';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../api/errors';
import { useSession } from '../../session/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { QuotaCard } from '../../ui/QuotaCard';
import { useNotify } from '../../ui/useNotify';
import { useRoles } from '../roles/useRoles';
import { AddMemberButton } from './AddMemberButton';
import { CreateMemberDialog } from './CreateMemberDialog';
import { MemberCard } from './MemberCard';
import { teamTexts } from './texts';
import { useMemberSearch } from './useMemberSearch';
import { useTeam } from './useTeam';
import { useChangeMemberRole, useDisableMember } from './useTeamMutations';

export const TeamPage = () => {
  const { me, partner, viewer } = useSession();
  const notify = useNotify();
  const team = useTeam(partner?.id ?? me.agent?.partnerId ?? '');
  const { roles } = useRoles();
  const roleNames = useMemo(() => roles.map((role) => role.name), [roles]);
  const [search, setSearch] = useState('');
  const shown = useMemberSearch(team.members, search);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PartnerAgent | null>(null);
  const disable = useDisableMember();
  const changeRole = useChangeMemberRole();
  const owner = isOwner(viewer);

  useEffect(() => {
    if (team.error) notify.error(messages.connectionFailure);
  }, [team.error, notify]);

  const onRoleChange = async (member: PartnerAgent, role: string) => {
    try {
      await changeRole.mutateAsync({ agentId: member._id, role });
      notify.success(messages.memberRoleModified(role));
    } catch (error) {
      notify.error(errorText(error, messages.memberRoleChangeFailed));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const { name } = deleting;
    try {
      await disable.mutateAsync(deleting._id);
      notify.success(messages.memberDeleted(name));
    } catch {
      notify.error(messages.memberDeleteFailed(name));
    }
    setDeleting(null);
  };

  const addButton = (
    <AddMemberButton
      roleCount={roles.length}
      isOwner={owner}
      activeCount={team.members.length}
      maxAgents={team.maxAgents}
      onClick={() => setAdding(true)}
    />
  );

  return (
    <>
      <PageHeader title={teamTexts.title} actions={addButton} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', mb: 3 }}>
        <QuotaCard label={teamTexts.quota} used={team.isLoading ? null : team.members.length} limit={team.maxAgents} />
        <TextField
          label={teamTexts.search}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ maxWidth: { sm: 320 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {team.isLoading ? (
        <PageLoader />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {teamTexts.noMembers}
        </Typography>
      ) : (
        <Box
          component="section"
          aria-label="Members"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(auto-fill, minmax(260px, 1fr))' },
          }}
        >
          {shown.map((member) => (
            <MemberCard
              key={member._id}
              member={member}
              roleNames={roleNames}
              canManage={owner}
              onRoleChange={(m, role) => void onRoleChange(m, role)}
              onDelete={setDeleting}
            />
          ))}
        </Box>
      )}
      <CreateMemberDialog open={adding} roleNames={roleNames} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={teamTexts.deleteTitle}
        text={deleting ? teamTexts.deleteText(deleting.name) : ''}
        confirmLabel={teamTexts.delete}
        busy={disable.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
};
