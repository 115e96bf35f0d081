import { Tooltip, type PopperProps, type SxProps, type Theme, type TooltipProps } from '@mui/material';
import { createPortal } from 'react-dom';

type Props = Pick<TooltipProps, 'id' | 'title' | 'open' | 'placement' | 'onClose'> & {
  anchorEl: PopperProps['anchorEl'];
  popperRef: PopperProps['popperRef'];
  popperSx?: SxProps<Theme>;
  /** The pointer may move onto the tooltip: `onKeep` when it does, `onLeave` when it goes. */
  interactive: boolean;
  onKeep: () => void;
  onLeave: () => void;
};

/**
 * ui/Tooltip's popup: MUI's Tooltip, opened and closed by ui/Tooltip and pointing at its child, so it
 * looks as MUI's everywhere. MUI's own child here is a hidden placeholder (in the body, where it is
 * valid markup whatever the real child's parent, e.g. a table's body); Escape still closes it.
 */
export const TooltipPopup = ({ anchorEl, popperRef, popperSx, interactive, onKeep, onLeave, ...tooltip }: Props) =>
  createPortal(
    <Tooltip
      {...tooltip}
      disableHoverListener
      disableFocusListener
      disableTouchListener
      disableInteractive={!interactive}
      slotProps={{
        popper: {
          anchorEl,
          popperRef,
          sx: popperSx,
          ...(interactive && { onMouseOver: onKeep, onMouseLeave: onLeave }),
        },
      }}
    >
      <span hidden />
    </Tooltip>,
    document.body,
  );
