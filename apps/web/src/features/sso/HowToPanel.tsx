import { Paper, Stack, Typography } from '@mui/material';
import { SSO_TOKEN_MAX_SECONDS, type SsoSettings } from '@pc/contract';
import { useSession } from '../../session/session';
import { CodeBlock } from './CodeBlock';
import { ssoTexts } from './texts';

/** What the partner's developers need: the payload, the link, the cookie and the limits. */
export const HowToPanel = ({ settings }: { settings: SsoSettings }) => {
  const { me, partner } = useSession();
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: me.agent?.loginUsername ?? 'user.name',
    name: me.agent?.name ?? me.name,
    email: me.agent?.email ?? 'user@example.com',
    partnerId: partner?.id ?? '',
    iat: now,
    exp: now + SSO_TOKEN_MAX_SECONDS,
    jti: 'a-new-random-id-for-every-token',
  };
  const signInUrl = `${window.location.origin}${settings.signInPath}`;
  return (
    <Paper component="section" aria-label={ssoTexts.howTitle} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {ssoTexts.howTitle}
      </Typography>
      <Stack spacing={1.5}>
        <Typography>{ssoTexts.howSign}</Typography>
        <CodeBlock label="Example payload">{JSON.stringify(payload, null, 2)}</CodeBlock>
        <Typography color="text.secondary">{ssoTexts.howSub}</Typography>
        <Typography>{ssoTexts.howLink}</Typography>
        <CodeBlock label="Sign-in link">{`${signInUrl}?token=<the signed token>`}</CodeBlock>
        <Typography>{ssoTexts.howCookie(settings.cookieName)}</Typography>
        <CodeBlock label="Cookie sign-in">{signInUrl}</CodeBlock>
        <Typography color="text.secondary">{ssoTexts.howLimits}</Typography>
      </Stack>
    </Paper>
  );
};
