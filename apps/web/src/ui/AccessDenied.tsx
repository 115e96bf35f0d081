import { Box, Paper, Typography } from '@mui/material';
import LockPersonOutlinedIcon from '@mui/icons-material/LockPersonOutlined';
import { messages } from '@pc/contract';

export const AccessDenied = () => (
  <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 6, md: 10 } }}>
    <Paper role="alert" aria-label="Access Denied" sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, textAlign: 'center' }}>
      <LockPersonOutlinedIcon color="disabled" sx={{ fontSize: 56, mb: 1 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        Access Denied
      </Typography>
      <Typography sx={{ mb: 1 }}>{messages.accessDeniedTitle}</Typography>
      <Typography color="text.secondary">{messages.accessDeniedHelp}</Typography>
    </Paper>
  </Box>
);
