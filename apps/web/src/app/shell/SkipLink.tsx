import { Box } from '@mui/material';
import type { MouseEvent } from 'react';

/** The id of the shell's <main>, where the skip link takes the keyboard. */
export const MAIN_ID = 'main';

/**
 * The first stop of the keyboard: "Skip to main content", out of sight until it has the focus, so
 * someone on a keyboard or a switch does not step through the whole navigation on every page.
 * It moves the focus itself rather than following the #main anchor (the router would take the
 * address's hash as a navigation).
 */
export const SkipLink = () => {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      Skip to main content
    </Box>
  );
};
