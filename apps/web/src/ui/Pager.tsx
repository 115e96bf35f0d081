import { Box, IconButton, Toolbar, type Theme } from '@mui/material';
import { useLayoutEffect, useRef, type FocusEvent } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from './arrowIcons';
import type { Paging } from './DataTable';
import { pagerLabel } from './pagerLabel';
import { Tooltip } from './Tooltip';

// MUI's TablePagination, drawn and behaving the same, without what it imports and a list never shows:
// the rows-per-page select (a list has one page size), and with it Select, Menu, Popover and Modal,
// and the buttons' tooltips loaded with the page (here they load on first use, ui/Tooltip).
const toolbarSx = (theme: Theme) => ({
  minHeight: 52,
  paddingRight: '2px',
  [`${theme.breakpoints.up('xs')} and (orientation: landscape)`]: { minHeight: 52 },
  [theme.breakpoints.up('sm')]: { minHeight: 52, paddingRight: '2px' },
});

const PREVIOUS = 'Go to previous page';
const NEXT = 'Go to next page';

/** A list's pager: "16–30 of 42" and the previous and next page buttons. */
export const Pager = ({ page, pageSize, total, moreThan = false, onPage }: Paging) => {
  // Under a bound the count is unknown: "next" stays enabled until the server says the total is exact.
  const count = moreThan ? -1 : total;
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = count === -1 ? (page + 1) * pageSize : Math.min(count, (page + 1) * pageSize);
  const firstPage = page === 0;
  const lastPage = count !== -1 && page >= Math.ceil(count / pageSize) - 1;

  // A button disabled under the keyboard's focus (the last page reached) hands the focus to the other.
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const focused = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    const button = focused.current;
    if (!button?.disabled) return;
    focused.current = null;
    const active = document.activeElement;
    if (active && active !== button && active !== document.body) return;
    const other = button === next.current ? previous.current : next.current;
    if (other && !other.disabled) other.focus();
  });
  const track = {
    onFocus: (event: FocusEvent<HTMLButtonElement>) => (focused.current = event.currentTarget),
    onBlur: (event: FocusEvent<HTMLButtonElement>) => {
      // Disabling a focused button blurs it before the effect runs: that blur is not a move.
      if (!event.currentTarget.disabled || event.relatedTarget) focused.current = null;
    },
  };

  return (
    <Box
      sx={{
        overflow: 'auto',
        color: 'text.primary',
        fontSize: (theme) => theme.typography.pxToRem(14),
        '&:last-child': { p: 0 },
      }}
    >
      <Toolbar sx={toolbarSx}>
        <Box sx={{ flex: '1 1 100%' }} />
        <Box component="p" sx={{ typography: 'body2', flexShrink: 0 }}>
          {pagerLabel({ from, to, total, moreThan })}
        </Box>
        <Box sx={{ flexShrink: 0, ml: '20px' }}>
          <Tooltip title={PREVIOUS}>
            <IconButton
              ref={previous}
              color="inherit"
              aria-label={PREVIOUS}
              disabled={firstPage}
              onClick={() => onPage(page - 1)}
              {...track}
            >
              <ArrowLeftIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={NEXT}>
            <IconButton
              ref={next}
              color="inherit"
              aria-label={NEXT}
              disabled={lastPage}
              onClick={() => onPage(page + 1)}
              {...track}
            >
              <ArrowRightIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Toolbar>
    </Box>
  );
};
