import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A page section named by its heading, with the heading's actions (Create, New …) beside it, over its content. */
export const TitledSection = ({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 1.5,
        }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
};
