import { Stack } from '@mui/material';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { HowToPanel } from './HowToPanel';
import { SecretCard } from './SecretCard';
import { ssoTexts } from './texts';
import { useSsoSettings } from './useSso';

/** /manage/sso, the owner's (spec doc 3 sections 2 and 6). */
export const SsoPage = () => {
  const settings = useSsoSettings();
  return (
    <>
      <PageHeader title={ssoTexts.title} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        {settings.error ? (
          <ErrorState error={settings.error} fallback={ssoTexts.loadFailed} onRetry={() => void settings.refetch()} />
        ) : (
          <SecretCard settings={settings.data} />
        )}
        {settings.data && <HowToPanel settings={settings.data} />}
      </Stack>
    </>
  );
};
