import { Button, Paper, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { messages } from '@pc/contract';
import { TextInput } from '../../ui/TextInput';
import { useNotify } from '../../ui/useNotify';
import { copyText } from './copyText';
import { dashboardTexts } from './texts';

export const ReferralLinkCard = ({ link }: { link: string }) => {
  const notify = useNotify();
  const copy = async () => {
    try {
      await copyText(link);
      notify.success(messages.copied);
    } catch {
      notify.error(messages.unhandled);
    }
  };
  return (
    <Paper sx={{ p: 3 }} component="section" aria-label={dashboardTexts.referralTitle}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {dashboardTexts.referralTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {dashboardTexts.referralHelp}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextInput label={dashboardTexts.referralLabel} value={link} readOnly />
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          {dashboardTexts.copyLink}
        </Button>
      </Stack>
    </Paper>
  );
};
