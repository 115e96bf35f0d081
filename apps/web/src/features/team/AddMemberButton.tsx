import { Button, Link, Tooltip } from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { messages } from '@pc/contract';
import { Link as RouterLink } from 'react-router';
import { teamTexts } from './texts';

type Props = { roleCount: number; isOwner: boolean; activeCount: number; maxAgents: number; onClick: () => void };

/** Why adding is blocked, in the spec's order: no role yet, not the owner, members at the limit. */
const blockReason = ({ roleCount, isOwner, activeCount, maxAgents }: Omit<Props, 'onClick'>) => {
  if (roleCount < 1)
    return (
      <Link component={RouterLink} to="/manage/roles" color="inherit">
        {messages.createRoleToAddMembers}
      </Link>
    );
  if (!isOwner) return messages.ownerOnlyAddsMembers;
  if (activeCount >= maxAgents) return messages.maxMembersReached;
  return null;
};

export const AddMemberButton = ({ onClick, ...state }: Props) => {
  const reason = blockReason(state);
  const button = (
    <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} disabled={reason !== null} onClick={onClick}>
      {teamTexts.addMember}
    </Button>
  );
  if (!reason) return button;
  return (
    <Tooltip title={reason} disableInteractive={false}>
      {/* A disabled button gets no pointer events; the span lets the tooltip explain why. */}
      <span>{button}</span>
    </Tooltip>
  );
};
