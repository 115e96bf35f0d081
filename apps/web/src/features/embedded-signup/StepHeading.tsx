import { Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step's heading. When the flow moved to the step (not on the page's first show) it takes the
 * focus, so a screen reader says where the user is and a framed page scrolls to the step's top.
 */
export const StepHeading = ({
  focus,
  variant = 'subtitle2',
  children,
}: {
  focus: boolean;
  variant?: 'subtitle2' | 'h6';
  children: ReactNode;
}) => {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Typography
      ref={ref}
      tabIndex={-1}
      variant={variant}
      component="h2"
      color={variant === 'subtitle2' ? 'primary' : undefined}
      sx={{ fontWeight: 700, mb: variant === 'subtitle2' ? 0.5 : 0, outline: 'none' }}
    >
      {children}
    </Typography>
  );
};
