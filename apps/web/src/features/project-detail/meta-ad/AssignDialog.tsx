import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { metaAdsTexts as m } from '@pc/contract';
import { useId, useState } from 'react';
import { assignAsset } from './api';
import { AssetName, type AssetOption } from './AssetPicker';
import { adTexts as t } from './texts';
import { useMetaAdChange } from './useMetaAdChange';

type Props = {
  projectId: string;
  kind: 'page' | 'adAccount';
  /** The Limited ones: in the business, not yet assigned to the platform's system user. */
  options: AssetOption[];
  onClose: () => void;
};

/** Assign New Page / Assign New Ad Account: one of the Limited assets, then Assign. */
export const AssignDialog = ({ projectId, kind, options, onClose }: Props) => {
  const titleId = useId();
  const [chosen, setChosen] = useState('');
  const assign = useMetaAdChange(projectId, (id: string) => assignAsset(kind, projectId, id), {
    fallback: m.fallback,
    success: () => m.assigned,
    refreshAssets: true,
    onSuccess: onClose,
  });
  const title = kind === 'page' ? t.assignNewPage : t.assignNewAdAccount;
  return (
    <Dialog open onClose={assign.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 1 }}>
          {t.assignHelp}
        </DialogContentText>
        <RadioGroup aria-label={title} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          {options.map((o) => (
            <FormControlLabel
              key={o.id}
              value={o.id}
              control={<Radio />}
              label={<AssetName option={o} />}
              sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { minWidth: 0 } }}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={assign.isPending}>
          {t.cancel}
        </Button>
        <Button variant="contained" disabled={!chosen} loading={assign.isPending} onClick={() => assign.mutate(chosen)}>
          {t.assign}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
