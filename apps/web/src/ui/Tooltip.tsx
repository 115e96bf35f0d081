import type { PopperProps, SxProps, Theme, TooltipProps } from '@mui/material';
import {
  cloneElement,
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type Ref,
  type MouseEvent,
  type ReactElement,
  type SyntheticEvent,
  type TouchEvent,
} from 'react';

// MUI's Tooltip, its Popper (popper.js) and its transition are about 12 KB over the wire: the pages
// visits start on (the rail's links, a list's rows) load them on the first hover, focus or touch of
// one of their tooltips rather than with the page.
const loadPopup = () => import('./TooltipPopup');
const TooltipPopup = lazy(async () => ({ default: (await loadPopup()).TooltipPopup }));

/** MUI's timings (Tooltip's defaults), so a tooltip here comes and goes as MUI's do elsewhere. */
const ENTER_DELAY = 100;
const ENTER_TOUCH_DELAY = 700;
const LEAVE_TOUCH_DELAY = 1500;
/** After a tooltip closes, the next one within this time opens at once (moving along the rail). */
const HYSTERESIS = 800;

let openCount = 0;
let lastClosedAt = 0;
type PopperInstance = PopperProps['popperRef'] extends Ref<infer I> | undefined ? I : never;

const enterDelay = () => (openCount > 0 || Date.now() - lastClosedAt < HYSTERESIS ? 0 : ENTER_DELAY);

type ChildProps = {
  'aria-label'?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onMouseMove?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
};

type Props = Pick<TooltipProps, 'title' | 'placement' | 'followCursor' | 'describeChild' | 'disableFocusListener'> & {
  children: ReactElement<ChildProps>;
  slotProps?: { popper?: { sx?: SxProps<Theme> } };
};

/**
 * MUI's Tooltip as the user meets it (its look, timings, hover, keyboard focus, long touch, Escape,
 * the child named or described by the title), with the popup's code loaded on first use. The child
 * is never re-rendered in another element, so a click or the focus on it is never lost to the load.
 */
export const Tooltip = ({
  title,
  children,
  placement,
  followCursor,
  describeChild,
  disableFocusListener,
  slotProps,
}: Props) => {
  const [open, setOpen] = useState(false);
  // The element the tooltip points at, set on the first hover, focus or touch: the popup then loads.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const timer = useRef<number | undefined>(undefined);
  const touched = useRef(false);
  const cursor = useRef({ x: 0, y: 0 });
  const popper = useRef<PopperInstance | null>(null);
  const hasTitle = Boolean(title) || title === 0;

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    openCount += 1;
    return () => {
      openCount -= 1;
      lastClosedAt = Date.now();
    };
  }, [open]);

  const later = (delay: number, then: () => void) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(then, delay);
  };
  const show = (event: SyntheticEvent<HTMLElement>, delay: number) => {
    if (!hasTitle) return;
    setAnchor(event.currentTarget);
    void loadPopup();
    later(delay, () => setOpen(true));
  };
  const hide = (delay = 0) =>
    later(delay, () => {
      setOpen(false);
      touched.current = false;
    });

  // Where the cursor is, for a tooltip that follows it; stable, so the popper keeps its anchor.
  const cursorAnchor = useMemo(
    () => ({ getBoundingClientRect: () => new DOMRect(cursor.current.x, cursor.current.y, 0, 0) }),
    [],
  );

  const own = children.props;
  const titleText = typeof title === 'string' ? title : undefined;
  const named = describeChild
    ? { title: open ? undefined : titleText, 'aria-describedby': open ? id : undefined }
    : { 'aria-label': own['aria-label'] ?? titleText };
  const child = cloneElement(children, {
    ...named,
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      own.onMouseOver?.(event);
      if (touched.current) return;
      // No native title tooltip beside this one.
      if (describeChild) event.currentTarget.removeAttribute('title');
      cursor.current = { x: event.clientX, y: event.clientY };
      show(event, enterDelay());
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      own.onMouseLeave?.(event);
      hide();
    },
    ...(followCursor && {
      onMouseMove: (event: MouseEvent<HTMLElement>) => {
        own.onMouseMove?.(event);
        cursor.current = { x: event.clientX, y: event.clientY };
        popper.current?.update();
      },
    }),
    ...(!disableFocusListener && {
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event);
        // Keyboard focus only, as MUI: a click's focus does not open it.
        if (event.target.matches(':focus-visible')) show(event, enterDelay());
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        own.onBlur?.(event);
        hide();
      },
    }),
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      own.onTouchStart?.(event);
      // The mouse events a touch is followed by do not open it again.
      touched.current = true;
      show(event, ENTER_TOUCH_DELAY);
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      own.onTouchEnd?.(event);
      hide(LEAVE_TOUCH_DELAY);
    },
  } as Partial<ChildProps>);

  return (
    <>
      {child}
      {anchor && (
        <Suspense fallback={null}>
          <TooltipPopup
            id={id}
            title={title}
            open={open && hasTitle}
            placement={placement}
            anchorEl={followCursor ? cursorAnchor : anchor}
            popperRef={popper}
            popperSx={slotProps?.popper?.sx}
            // Back on the tooltip before it closes (it sits beside the child): it stays, as MUI's.
            interactive={!followCursor}
            onKeep={() => window.clearTimeout(timer.current)}
            onLeave={() => hide()}
            onClose={() => hide()}
          />
        </Suspense>
      )}
    </>
  );
};
