import { Alert, Button, Stack } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { messages } from '@pc/contract';
import { copyText } from '../dashboard/copyText';
import { TextInput } from '../../ui/TextInput';
import { useNotify } from '../../ui/useNotify';
import { ssoTexts } from './texts';

/** The secret just generated, in full, this once. */
export const NewSecret = ({ secret }: { secret: string }) => {
  const notify = useNotify();
  const copy = async () => {
    try {
      await copyText(secret);
      notify.success(ssoTexts.copied);
    } catch {
      notify.error(messages.unhandled);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Alert severity="warning">{ssoTexts.newSecretNotice}</Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {/* multiline: the whole key shows on a phone too */}
        <TextInput label={ssoTexts.newSecretLabel} value={secret} readOnly multiline />
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          {ssoTexts.copy}
        </Button>
      </Stack>
    </Stack>
  );
};
