import LockIcon from '@mui/icons-material/Lock';
import { Box, Chip, InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import type { AssetTag } from '@pc/contract';
import type { ReactNode } from 'react';
import { tagColor } from './helpers';
import { adTexts as t } from './texts';

/** An ad account or a page as the pickers show it: its name, its tag, its id. */
export type AssetOption = { id: string; name: string; tag: AssetTag };

export const AssetName = ({ option }: { option: AssetOption }) => (
  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {option.name}
    </Box>
    <Chip size="small" variant="outlined" label={option.tag} color={tagColor[option.tag]} />
  </Box>
);

type Props = {
  /** The spec's action: Choose Ad account, Choose Facebook page. */
  label: string;
  options: AssetOption[];
  selectedId: string | null;
  frozen: boolean;
  /** Why the choice cannot change (no write access, frozen), or null. */
  blocked: string | null;
  /** Shown under the field (why it is frozen). */
  helper?: string;
  busy: boolean;
  onChoose: (id: string) => void;
  /** Freeze or Unfreeze, beside the field. */
  action?: ReactNode;
};

/**
 * Choose Ad account / Choose Facebook page: the connected user's assets with their tags (Assigned,
 * Limited, Personal); a frozen one shows a lock. Choosing saves at once.
 */
export const AssetPicker = ({ label, options, selectedId, frozen, blocked, helper, busy, onChoose, action }: Props) => {
  const value = options.some((o) => o.id === selectedId) ? selectedId! : '';
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={value}
        disabled={Boolean(blocked) || busy}
        onChange={(e) => onChoose(e.target.value)}
        helperText={helper}
        sx={{ minWidth: 0, flex: '1 1 240px' }}
        slotProps={{
          select: {
            renderValue: (id) => {
              const option = options.find((o) => o.id === id);
              return option ? <AssetName option={option} /> : null;
            },
          },
          input: frozen
            ? {
                startAdornment: (
                  <InputAdornment position="start">
                    <LockIcon fontSize="small" titleAccess={t.frozen} data-testid="frozen-lock" />
                  </InputAdornment>
                ),
              }
            : undefined,
        }}
      >
        {options.map((o) => (
          <MenuItem key={o.id} value={o.id} sx={{ display: 'block', maxWidth: '100%' }}>
            <AssetName option={o} />
            <Typography variant="caption" color="text.secondary" component="span">
              {o.id}
            </Typography>
          </MenuItem>
        ))}
      </TextField>
      {action}
    </Box>
  );
};
