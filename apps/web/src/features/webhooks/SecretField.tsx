import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Box, Button, IconButton, InputAdornment, Tooltip, Typography } from '@mui/material';
import { formatDateTime, webhookMessages } from '@pc/contract';
import { useState, type ReactNode } from 'react';
import { TextInput } from '../../ui/TextInput';
import { useNotify } from '../../ui/useNotify';
import { copyText } from '../dashboard/copyText';
import { webhookTexts as t } from './texts';

const MASK = '•'.repeat(24);

type Props = {
  secret: string | null;
  label?: string;
  helperText?: ReactNode;
  /** Shown in the field when there is no secret to show (a read-only member's, none yet). */
  unavailableText?: string;
  /** Shown in full at first (a secret just generated); masked otherwise. */
  initiallyShown?: boolean;
  /** A control beside Copy (Generate). */
  action?: ReactNode;
  /** Until when the secret a rotation replaced is still signed with (the webhook's previous_secret_expires_at). */
  previousUntil?: string | null;
};

/**
 * A webhook's shared secret, read-only (doc 2 section 2.4): masked, with Show and Copy. Copying says
 * 'Shared Secret Copied' and clears it from view again (doc 2 section 9). During a rotation it says
 * until when the previous secret is still accepted.
 */
export const SecretField = ({
  secret,
  label = t.sharedSecret,
  helperText,
  unavailableText = t.secretWriteOnly,
  initiallyShown = false,
  action,
  previousUntil = null,
}: Props) => {
  const notify = useNotify();
  const [shown, setShown] = useState(initiallyShown);
  const copy = async () => {
    if (!secret) return;
    try {
      await copyText(secret);
      notify.success(webhookMessages.secretCopied);
      setShown(false);
    } catch {
      notify.error(webhookMessages.failed);
    }
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}>
      <Box
        sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-start' } }}
      >
        <TextInput
          label={label}
          value={secret ? (shown ? secret : MASK) : unavailableText}
          readOnly
          multiline
          disabled={!secret}
          helperText={helperText}
          inputProps={{ 'data-testid': 'shared-secret', 'aria-readonly': true }}
          sx={{ '& textarea': { fontFamily: secret && shown ? 'monospace' : undefined } }}
          endAdornment={
            secret ? (
              <InputAdornment position="end">
                <Tooltip title={shown ? t.hideSecret : t.showSecret}>
                  <IconButton
                    aria-label={shown ? t.hideSecret : t.showSecret}
                    size="small"
                    edge="end"
                    onClick={() => setShown((s) => !s)}
                  >
                    {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ) : undefined
          }
        />
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, pt: { sm: 0.25 } }}>
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            disabled={!secret}
            onClick={() => void copy()}
            aria-label={t.copySecret}
          >
            {t.copy}
          </Button>
          {action}
        </Box>
      </Box>
      {previousUntil && (
        <Typography variant="body2" color="text.secondary" role="status" data-testid="previous-secret-until">
          {t.previousSecretUntil(formatDateTime(previousUntil))}
        </Typography>
      )}
    </Box>
  );
};
