import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button } from '@mui/material';
import { webhookMessages } from '@pc/contract';
import { TextInput } from '../../../ui/TextInput';
import { useNotify } from '../../../ui/useNotify';
import { copyText } from '../../dashboard/copyText';
import { webhookTexts as t } from '../texts';

type Props = {
  label: string;
  value: string;
  copyLabel: string;
  copiedText: string;
  /** After a copy (a one-time secret is then cleared from view). */
  onCopied?: () => void;
  testId?: string;
};

/** A read-only value with Copy beside it (under it on a phone); it wraps, so a phone shows all of it. */
export const CopyField = ({ label, value, copyLabel, copiedText, onCopied, testId }: Props) => {
  const notify = useNotify();
  const copy = async () => {
    try {
      await copyText(value);
      notify.success(copiedText);
      onCopied?.();
    } catch {
      notify.error(webhookMessages.failed);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' } }}>
      <TextInput
        label={label}
        value={value}
        readOnly
        multiline
        inputProps={{ 'data-testid': testId, 'aria-readonly': true }}
        sx={{ '& textarea': { fontFamily: 'monospace' } }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={copyLabel}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' }, mt: { sm: 0.25 } }}
      >
        {t.copy}
      </Button>
    </Box>
  );
};
