import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { Me } from '@pc/contract';
import { useId } from 'react';
import { authTexts } from './texts';

const nameOf = (me: Me) => (me.agent ? `${me.name} (${me.agent.loginUsername})` : me.name);

/** A sign-in link for another account than the signed-in one: which session to keep. */
export const SwitchAccountDialog = ({
  current,
  next,
  onKeep,
  onSwitch,
}: {
  current: Me;
  next: Me;
  onKeep: () => void;
  onSwitch: () => void;
}) => {
  const titleId = useId();
  return (
    <Dialog open onClose={onKeep} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{authTexts.switchTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{authTexts.switchText(nameOf(current), nameOf(next))}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeep}>{authTexts.stayAs(current.name)}</Button>
        <Button variant="contained" onClick={onSwitch}>
          {authTexts.signInAs(next.name)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
