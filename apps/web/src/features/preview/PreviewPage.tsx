import { Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { isOwner } from '@pc/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { canOpenArea } from '../../access/areas';
import { useSession } from '../../session/session';
import { useSignedInBrand } from '../../brand/useSignedInBrand';
import { PageHeader } from '../../ui/PageHeader';
import { brandChecklist, type EditedIn } from './brandChecklist';
import { BrowserTabPreview } from './BrowserTabPreview';
import { SignInPreview } from './SignInPreview';
import { previewTexts as t } from './texts';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper sx={{ p: { xs: 2, md: 3 } }}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** /preview (texts.ts says why): the brand before sign-in, and what of it is set. */
export const PreviewPage = () => {
  const session = useSession();
  const brand = useSignedInBrand(session.partner);
  const loadingGif = session.partner?.loadingGifUrl ?? null;
  const edit: Record<EditedIn, { to: string; label: string } | null> = {
    profile: isOwner(session.viewer) ? { to: '/agentProfile', label: t.editInProfile } : null,
    // Manage is hidden for DIRECT partners (doc 1): no way into it from here either.
    colors:
      canOpenArea('manage', session) && canOpenArea('manage.profiles', session)
        ? { to: '/manage/profiles', label: t.editColors }
        : null,
    platform: null,
  };

  return (
    <>
      <PageHeader title={t.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Section title={t.signIn}>
          <SignInPreview brand={brand} />
        </Section>
        <Stack spacing={2}>
          <Section title={t.tab}>
            <BrowserTabPreview brand={brand} />
          </Section>
          <Section title={t.loading}>
            {loadingGif ? (
              <Box component="img" src={loadingGif} alt={t.loadingAlt} sx={{ maxHeight: 96, maxWidth: '100%' }} />
            ) : (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <CircularProgress size={32} aria-label={t.loadingAlt} />
                <Typography variant="body2" color="text.secondary">
                  {t.loadingNone}
                </Typography>
              </Stack>
            )}
          </Section>
        </Stack>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Section title={t.checklist}>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {brandChecklist(brand, loadingGif).map((item) => {
              const editor = edit[item.editedIn];
              return (
                <Box
                  component="li"
                  key={item.key}
                  data-testid={`brand-${item.key}`}
                  sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography sx={{ fontWeight: 600, width: { xs: 'auto', sm: 150 }, flexShrink: 0 }}>
                    {item.label}
                  </Typography>
                  <Chip
                    size="small"
                    label={item.set ? t.set : t.notSet}
                    color={item.set ? 'success' : 'default'}
                    variant={item.set ? 'filled' : 'outlined'}
                  />
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {item.detail}
                  </Typography>
                  {editor && (
                    <Button component={RouterLink} to={editor.to} size="small">
                      {editor.label}
                    </Button>
                  )}
                </Box>
              );
            })}
          </Stack>
        </Section>
      </Box>
    </>
  );
};
