import { Box } from '@mui/material';

/** Code or a URL to copy, wrapped on narrow screens rather than scrolled. */
export const CodeBlock = ({ children, label }: { children: string; label?: string }) => (
  <Box
    component="pre"
    aria-label={label}
    sx={{
      m: 0,
      p: 1.5,
      borderRadius: 1,
      bgcolor: 'action.hover',
      fontFamily: 'monospace',
      fontSize: 13,
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
    }}
  >
    {children}
  </Box>
);
