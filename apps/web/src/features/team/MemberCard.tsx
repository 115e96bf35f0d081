import {
  Avatar,
  Box,
  Chip,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineOutlinedIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { OWNER_ROLE, type PartnerAgent } from '@pc/contract';
import { useId } from 'react';
import { teamTexts } from './texts';

type Props = {
  member: PartnerAgent;
  roleNames: string[];
  canManage: boolean;
  onRoleChange: (member: PartnerAgent, role: string) => void;
  onDelete: (member: PartnerAgent) => void;
};

export const MemberCard = ({ member, roleNames, canManage, onRoleChange, onDelete }: Props) => {
  const labelId = useId();
  const isOwnerCard = member.agentRole === OWNER_ROLE;
  const options = roleNames.includes(member.agentRole) ? roleNames : [member.agentRole, ...roleNames];

  return (
    <Paper
      component="article"
      aria-label={member.name}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, height: '100%' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
          {member.name.trim().charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap title={member.name}>
            {member.name.toUpperCase()}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {member.loginUsername}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto' }}>
        {isOwnerCard ? (
          <Chip label={teamTexts.owner} color="primary" variant="outlined" />
        ) : (
          <>
            <FormControl size="small" fullWidth disabled={!canManage}>
              <InputLabel id={labelId}>{teamTexts.role}</InputLabel>
              <Select
                labelId={labelId}
                label={teamTexts.role}
                value={member.agentRole}
                onChange={(event) => onRoleChange(member, event.target.value)}
              >
                {options.map((role) => (
                  <MenuItem key={role} value={role}>
                    {role}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {canManage && (
              <Tooltip title={teamTexts.delete}>
                <IconButton
                  aria-label={teamTexts.deleteMember(member.name)}
                  onClick={() => onDelete(member)}
                  color="error"
                >
                  <DeleteOutlineOutlinedIcon />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
};
