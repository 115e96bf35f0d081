import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Paper, Typography } from '@mui/material';
import { webhookMessages } from '@pc/contract';
import { TitledSection } from '../../../ui/TitledSection';
import { useNotify } from '../../../ui/useNotify';
import { copyText } from '../../dashboard/copyText';
import { CodeBlock } from '../../sso/CodeBlock';
import { verifySnippet, webhookTexts as t } from '../texts';

/** How a receiver checks a request (Standard Webhooks, with the public `standardwebhooks` package), and the retry schedule. */
export const VerifySignatures = () => {
  const notify = useNotify();
  const copy = async () => {
    try {
      await copyText(verifySnippet);
      notify.success(t.snippetCopied);
    } catch {
      notify.error(webhookMessages.failed);
    }
  };
  return (
    <TitledSection
      title={t.verifyTitle}
      actions={
        <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t.copySnippet}
        </Button>
      }
    >
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}
      >
        <Typography variant="body2">{t.verifyText}</Typography>
        <Box sx={{ minWidth: 0, '& pre': { wordBreak: 'normal', overflowWrap: 'anywhere' } }}>
          <CodeBlock label={t.verifyTitle}>{verifySnippet}</CodeBlock>
        </Box>
        <Typography variant="body2">{t.rotationText}</Typography>
        <Typography variant="body2" color="text.secondary" data-testid="retry-schedule">
          {t.retrySchedule}
        </Typography>
      </Paper>
    </TitledSection>
  );
};
