import { ListSubheader, MenuItem, TextField } from '@mui/material';
import type { ActivityAction } from '@pc/contract';
import { activityActionGroups, activityActionLabels } from './actionLabels';
import { activityTexts as t } from './texts';

/** The filter by action: the actions in words, grouped by what they are about. */
export const ActionSelect = ({
  value,
  onChange,
}: {
  value: ActivityAction | '';
  onChange: (action: ActivityAction | '') => void;
}) => (
  <TextField
    select
    size="small"
    label={t.filters.action}
    value={value}
    onChange={(e) => onChange(e.target.value as ActivityAction | '')}
    // Any shows as a value, not as an empty field under its label.
    slotProps={{
      select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
      inputLabel: { shrink: true },
    }}
  >
    <MenuItem value="">{t.filters.any}</MenuItem>
    {activityActionGroups.flatMap((group) => [
      <ListSubheader key={group.label}>{group.label}</ListSubheader>,
      ...group.actions.map((action) => (
        <MenuItem key={action} value={action} sx={{ pl: 3 }}>
          {activityActionLabels[action]}
        </MenuItem>
      )),
    ])}
  </TextField>
);
