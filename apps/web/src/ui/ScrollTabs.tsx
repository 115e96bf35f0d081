import { Box, ButtonBase, useTheme, type SxProps, type Theme } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon } from './arrowIcons';

export type ScrollTab<V extends string> = { value: V; label: ReactNode };

type Props<V extends string> = {
  tabs: ScrollTab<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The tab list's accessible name. */
  label: string;
  sx?: SxProps<Theme>;
};

// MUI's Tabs and Tab as `variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile` draws and
// runs them (their styles, the sliding indicator, the scroll buttons shown while tabs overflow, the
// selected tab scrolled into view, arrow keys, Home and End moving the focus), in a fraction of their
// code: MUI's, with its roving focus helpers, was about 8 KB of a list's first load.
const tabSx = (theme: Theme) =>
  ({
    ...theme.typography.button,
    maxWidth: 360,
    minWidth: 90,
    position: 'relative',
    minHeight: 48,
    flexShrink: 0,
    padding: '12px 16px',
    overflow: 'hidden',
    whiteSpace: 'normal',
    textAlign: 'center',
    lineHeight: 1.25,
    flexDirection: 'column',
    color: theme.palette.text.secondary,
    '&[aria-selected="true"]': { color: theme.palette.primary.main },
    // Until the sliding indicator is placed, the selected tab draws it as its own underline.
    '[data-indicator="own"] > &[aria-selected="true"]::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: 0,
      height: 2,
      backgroundColor: theme.palette.primary.main,
    },
  }) as const;

const scrollButtonSx = { width: 40, flexShrink: 0, opacity: 0.8, '&.Mui-disabled': { opacity: 0 } } as const;
/** As MUI's scroll buttons: no role, not a tab stop (the keyboard scrolls by moving along the tabs). */
const notAControl = { role: null, tabIndex: null } as object;

/** MUI's scroll animation: ease in and out over `duration` ms (none without motion). */
const scrollTo = (box: HTMLElement, left: number, duration: number) => {
  const from = box.scrollLeft;
  if (!duration || from === left) {
    box.scrollLeft = left;
    return;
  }
  let start: number | null = null;
  const step = (time: number) => {
    start ??= time;
    const progress = Math.min(1, (time - start) / duration);
    box.scrollLeft = from + 0.5 * (1 - Math.cos(Math.PI * progress)) * (left - from);
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
};

/** A row of tabs that scrolls sideways when it does not fit, with MUI's look and keyboard. */
export const ScrollTabs = <V extends string>({ tabs, value, onChange, label, sx }: Props<V>) => {
  const theme = useTheme();
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [indicator, setIndicator] = useState<{ left: number; width: number } | null>(null);
  // Tabs hidden past the start or the end of the row: the scroll buttons show while either is true.
  const [beyond, setBeyond] = useState({ start: false, end: false });
  // The tab stop: the focused tab while the focus is in the row, else the selected one.
  const [focused, setFocused] = useState<V | null>(null);
  const selected = tabs.findIndex((tab) => tab.value === value);
  const tabAt = (index: number) => list.current?.children[index] as HTMLElement | undefined;

  const placeIndicator = useCallback(() => {
    const box = scroller.current;
    const tab = list.current?.children[selected];
    if (!box) return;
    const boxRect = box.getBoundingClientRect();
    const tabRect = tab?.getBoundingClientRect();
    const next = tabRect
      ? { left: tabRect.left - boxRect.left + box.scrollLeft, width: tabRect.width }
      : { left: 0, width: 0 };
    setIndicator((shown) =>
      shown && Math.abs(shown.left - next.left) < 1 && Math.abs(shown.width - next.width) < 1 ? shown : next,
    );
  }, [selected]);
  // The indicator is placed by the tabs' ResizeObserver (below) once the row is laid out, and moved
  // here when the selection changes. Measured in a commit that shows the row (its first, or a
  // suspended page's reveal), it made the browser lay the whole page out inside React's task and
  // render again at once (about 60 and 200 ms on a phone, a 4x slower CPU).
  const placedFor = useRef(selected);
  useLayoutEffect(() => {
    if (placedFor.current === selected) return;
    placedFor.current = selected;
    placeIndicator();
  }, [placeIndicator, selected]);

  const showSelected = useCallback(
    (animate: boolean) => {
      const box = scroller.current;
      const tab = list.current?.children[selected];
      if (!box || !tab) return;
      const boxRect = box.getBoundingClientRect();
      const tabRect = tab.getBoundingClientRect();
      const startAligned = box.scrollLeft + (tabRect.left - boxRect.left);
      const duration = animate ? theme.transitions.duration.standard : 0;
      if (tabRect.left < boxRect.left) scrollTo(box, startAligned, duration);
      else if (tabRect.right > boxRect.right)
        scrollTo(
          box,
          tabRect.width > boxRect.width ? startAligned : box.scrollLeft + (tabRect.right - boxRect.right),
          duration,
        );
    },
    [selected, theme.transitions.duration.standard],
  );
  // A newly selected tab scrolls into view, animated. At first (and when a suspended page is shown
  // again) the row's ResizeObserver below brings it into view once the row is laid out: measured here,
  // the row made the browser lay the whole page out inside React's task (125 ms on a phone, at 4x).
  const shownFor = useRef(selected);
  useEffect(() => {
    if (shownFor.current === selected) return;
    shownFor.current = selected;
    showSelected(true);
  }, [showSelected, selected]);

  // Tabs change width (their counts arrive), the window and the row too.
  useEffect(() => {
    const box = scroller.current;
    const row = list.current;
    if (!box || !row || typeof ResizeObserver === 'undefined') return;
    const tabsResized = new ResizeObserver(placeIndicator);
    for (const tab of row.children) tabsResized.observe(tab);
    const rowResized = new ResizeObserver(() => showSelected(false));
    rowResized.observe(box);
    return () => {
      tabsResized.disconnect();
      rowResized.disconnect();
    };
  }, [placeIndicator, showSelected, tabs.length]);

  useEffect(() => {
    const box = scroller.current;
    const row = list.current;
    if (!box || !row || row.children.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const watch = (tab: Element, side: 'start' | 'end') => {
      const observer = new IntersectionObserver(
        ([entry]) => setBeyond((shown) => ({ ...shown, [side]: !entry!.isIntersecting })),
        { root: box, threshold: 0.99 },
      );
      observer.observe(tab);
      return observer;
    };
    const first = watch(row.children[0]!, 'start');
    const last = watch(row.children[row.children.length - 1]!, 'end');
    return () => {
      first.disconnect();
      last.disconnect();
    };
  }, [tabs.length]);

  // A scroll button moves by the tabs that fit in the row.
  const scrollBy = (direction: 1 | -1) => {
    const box = scroller.current;
    const row = list.current;
    if (!box || !row) return;
    let size = 0;
    for (const [index, tab] of [...row.children].entries()) {
      const width = (tab as HTMLElement).clientWidth;
      if (size + width > box.clientWidth) {
        if (index === 0) size = box.clientWidth;
        break;
      }
      size += width;
    }
    scrollTo(box, box.scrollLeft + direction * size, theme.transitions.duration.standard);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const count = tabs.length;
    const at = [...(list.current?.children ?? [])].indexOf(document.activeElement as Element);
    if (at < 0) return;
    const next = { ArrowRight: (at + 1) % count, ArrowLeft: (at - 1 + count) % count, Home: 0, End: count - 1 }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    tabAt(next)?.focus();
  };

  const scrollButton = (side: 'start' | 'end') => (
    <ButtonBase
      component="div"
      {...notAControl}
      disabled={!beyond[side]}
      onClick={() => scrollBy(side === 'start' ? -1 : 1)}
      sx={scrollButtonSx}
    >
      {side === 'start' ? <ArrowLeftIcon fontSize="small" /> : <ArrowRightIcon fontSize="small" />}
    </ButtonBase>
  );
  const scrolls = beyond.start || beyond.end;

  return (
    <Box
      sx={[
        { overflow: 'hidden', minHeight: 48, WebkitOverflowScrolling: 'touch', display: 'flex' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {scrolls && scrollButton('start')}
      <Box
        ref={scroller}
        sx={{
          position: 'relative',
          display: 'inline-block',
          flex: '1 1 auto',
          whiteSpace: 'nowrap',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          overflowX: 'auto',
          overflowY: 'hidden',
        }}
      >
        <Box
          ref={list}
          role="tablist"
          aria-label={label}
          data-indicator={indicator ? undefined : 'own'}
          sx={{ display: 'flex' }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
          }}
        >
          {tabs.map((tab) => (
            <ButtonBase
              key={tab.value}
              focusRipple
              role="tab"
              aria-selected={tab.value === value}
              tabIndex={tab.value === (focused ?? value) ? 0 : -1}
              onFocus={() => setFocused(tab.value)}
              onClick={() => {
                if (tab.value !== value) onChange(tab.value);
              }}
              sx={tabSx}
            >
              {tab.label}
            </ButtonBase>
          ))}
        </Box>
        {indicator && (
          <Box
            component="span"
            style={indicator}
            sx={{
              position: 'absolute',
              height: 2,
              bottom: 0,
              transition: (t) => t.transitions.create('all'),
              bgcolor: 'primary.main',
            }}
          />
        )}
      </Box>
      {scrolls && scrollButton('end')}
    </Box>
  );
};
