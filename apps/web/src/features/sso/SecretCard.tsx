import { Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { messages, type SsoSettings } from '@pc/contract';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useNotify } from '../../ui/useNotify';
import { generateSsoSecret } from './generateSecret';
import { NewSecret } from './NewSecret';
import { ssoTexts } from './texts';
import { useSaveSsoSecret } from './useSso';

type Confirming = 'replace' | 'off' | null;

/** Whether a key is set (its last 4 characters), Generate, and Turn Off. */
export const SecretCard = ({ settings }: { settings: SsoSettings | undefined }) => {
  const save = useSaveSsoSecret();
  const notify = useNotify();
  const [fresh, setFresh] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const store = async (secret: string | null) => {
    try {
      await save.mutateAsync(secret);
      setFresh(secret);
      notify.success(secret ? ssoTexts.saved : ssoTexts.cleared);
    } catch (error) {
      // Spec doc 3 section 8, SSO save: the error message.
      notify.error(errorText(error, messages.somethingWentWrongTryagain));
    } finally {
      setConfirming(null);
    }
  };
  const generate = () => (settings?.secretSet ? setConfirming('replace') : void store(generateSsoSecret()));

  return (
    <Paper component="section" aria-label={ssoTexts.secretHeading} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {ssoTexts.secretHeading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {ssoTexts.secretHelp}
      </Typography>
      <Stack spacing={2}>
        <Typography data-testid="sso-secret-state" sx={{ fontWeight: 600 }}>
          {!settings ? (
            <Skeleton width={260} />
          ) : settings.secretEnding ? (
            ssoTexts.setEnding(settings.secretEnding)
          ) : (
            ssoTexts.notSet
          )}
        </Typography>
        {fresh && <NewSecret secret={fresh} />}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<KeyIcon />}
            disabled={!settings}
            loading={save.isPending && confirming === null}
            onClick={generate}
          >
            {settings?.secretSet ? ssoTexts.regenerate : ssoTexts.generate}
          </Button>
          {settings?.secretSet && (
            <Button color="error" onClick={() => setConfirming('off')} disabled={save.isPending}>
              {ssoTexts.turnOff}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'off' ? ssoTexts.offTitle : ssoTexts.replaceTitle}
        text={confirming === 'off' ? ssoTexts.offText : ssoTexts.replaceText}
        confirmLabel={confirming === 'off' ? ssoTexts.turnOff : ssoTexts.regenerate}
        busy={save.isPending}
        onConfirm={() => void store(confirming === 'off' ? null : generateSsoSecret())}
        onClose={() => setConfirming(null)}
      />
    </Paper>
  );
};
