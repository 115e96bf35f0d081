import { Paper, Typography } from '@mui/material';
import { PageHeader } from './PageHeader';

/** An area a later issue builds: its title, so navigation and access can be used already. */
export const PlaceholderPage = ({ title }: { title: string }) => (
  <>
    <PageHeader title={title} />
    <Paper sx={{ p: 3 }}>
      <Typography color="text.secondary">This section is coming soon.</Typography>
    </Paper>
  </>
);
