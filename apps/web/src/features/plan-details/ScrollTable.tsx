import { Box, TableContainer, Typography } from '@mui/material';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { planDetailsTexts as t } from './texts';

/** Whether the element is wider than its box, kept up to date as the dialog resizes. */
const useOverflows = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
};

type Props = { label: string; minWidth: number; children: ReactNode };

/**
 * A price table wider than a phone: it scrolls sideways inside the dialog (a keyboard can scroll it
 * too), its first column stays in view, and a line above says there is more to the side.
 */
export const ScrollTable = ({ label, minWidth, children }: Props) => {
  const { ref, overflows } = useOverflows();
  return (
    <Box>
      {overflows && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t.scrollHint}
        </Typography>
      )}
      <TableContainer
        ref={ref}
        tabIndex={overflows ? 0 : undefined}
        role="region"
        aria-label={label}
        sx={{
          maxHeight: { xs: 'calc(100dvh - 180px)', sm: '60vh' },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '& table': { minWidth },
        }}
      >
        {children}
      </TableContainer>
    </Box>
  );
};

/** The first column stays in view while the others scroll under it. */
export const stickyCell = (header = false) =>
  ({
    position: 'sticky',
    left: 0,
    zIndex: header ? 3 : 1,
    bgcolor: 'background.paper',
    borderRight: 1,
    borderRightColor: 'divider',
  }) as const;
