import { Popover } from '@mui/material';
import { NotificationList } from './NotificationList';

/** The bell's list in its popover: loaded when the bell is first pointed at or opened, not with the page. */
export const NotificationPopover = ({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) => (
  <Popover
    open
    anchorEl={anchor}
    onClose={onClose}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 400 }, maxHeight: '80vh' } } }}
  >
    <NotificationList onClose={onClose} />
  </Popover>
);
