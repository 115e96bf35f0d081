import FacebookIcon from '@mui/icons-material/Facebook';
import { Box, Button, Chip, Typography } from '@mui/material';
import { adsLoginScopes, metaAdsTexts as m, type MetaAdsAssistantData, type SignupFacebook } from '@pc/contract';
import { useState } from 'react';
import { facebookLogin, type FacebookLoginResult, type LoginAsk } from '../../../lib/facebook-login';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { AdSection } from './AdSection';
import { fbConnect, fbDisconnect } from './api';
import { blockedBy, Guarded } from './Guarded';
import { stageColor, stageLabel } from './helpers';
import { adTexts as t } from './texts';
import { useMetaAdChange } from './useMetaAdChange';

/** The ads login asks the spec's full scope list (doc 3 section 5). */
const adsLogin: LoginAsk = { scopes: adsLoginScopes };

type Props = {
  projectId: string;
  data: MetaAdsAssistantData;
  facebook: SignupFacebook;
  canWrite: boolean;
};

/**
 * Connect Facebook (disabled, saying why, until the project may: doc 3 sections 2 and 6), who is
 * connected, and Disconnect for the user who connected it only.
 */
export const FacebookSection = ({ projectId, data, facebook, canWrite }: Props) => {
  const notify = useNotify();
  const [loggingIn, setLoggingIn] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const connect = useMetaAdChange(projectId, fbConnect, {
    fallback: m.connectionFailure,
    success: () => m.connected,
    apply: (_, out) => out.assistantData,
    refreshAssets: true,
  });
  const disconnect = useMetaAdChange(projectId, (fbUserId: string) => fbDisconnect(projectId, fbUserId), {
    fallback: m.fallback,
    success: () => m.disconnected,
    apply: (_, out) => out.assistantData,
    onSuccess: () => setConfirming(false),
  });

  const finish = (result: FacebookLoginResult) => {
    if (result.status !== 'connected') {
      notify.error(m.connectionFailure);
      return;
    }
    const { accessToken, userID, grantedScopes } = result;
    return connect
      .mutateAsync({
        assistantId: projectId,
        status: result.status,
        authResponse: { accessToken, userID, grantedScopes },
      })
      .catch(() => undefined);
  };
  const startLogin = () => {
    // Opened in the click itself: a popup blocker lets only that through.
    const login = facebookLogin(facebook, adsLogin);
    setLoggingIn(true);
    void login.then(finish).finally(() => setLoggingIn(false));
  };

  const stage = data.connectionStage;
  return (
    <AdSection
      title={t.facebook}
      aside={<Chip size="small" label={stageLabel(stage)} color={stageColor[stage]} data-testid="meta-ads-stage" />}
    >
      {data.fbConnected ? (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <FacebookIcon color="primary" />
            <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="fb-user">
              {t.connectedAs} <strong>{data.fbUserName ?? data.fbUserId}</strong>
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            {data.isConnectingUser && (
              <Guarded reason={blockedBy(canWrite)}>
                <Button color="error" variant="outlined" size="small" onClick={() => setConfirming(true)}>
                  {t.disconnect}
                </Button>
              </Guarded>
            )}
          </Box>
          {!data.isConnectingUser && (
            <Typography variant="body2" color="text.secondary">
              {t.connectedByOther}
            </Typography>
          )}
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t.connectHelp}
          </Typography>
          <Box>
            <Guarded reason={blockedBy(canWrite, data.connectBlockedBy)}>
              <Button
                variant="contained"
                startIcon={<FacebookIcon />}
                onClick={startLogin}
                loading={loggingIn || connect.isPending}
              >
                {t.connectFacebook}
              </Button>
            </Guarded>
          </Box>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t.disconnectTitle}
        text={t.disconnectText}
        confirmLabel={t.disconnect}
        busy={disconnect.isPending}
        onConfirm={() => data.fbUserId && disconnect.mutate(data.fbUserId)}
        onClose={() => setConfirming(false)}
      />
    </AdSection>
  );
};
