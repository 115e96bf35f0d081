import { Box, useMediaQuery, type Theme } from '@mui/material';
import { Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../ui/PageLoader';
import { useDocumentBrand } from '../branding/useDocumentBrand';
import { useSignedInBrand } from '../branding/useSignedInBrand';
import { useSession } from '../session/session';
import { RAIL_WIDTH } from '../theme';
import { Banners } from './Banners';
import { MobileNav } from './MobileNav';
import { manageEntries, mainEntries, visibleEntries } from './navEntries';
import { Rail } from './Rail';
import { useChatWidget } from './useChatWidget';

export const AppShell = () => {
  const session = useSession();
  const { me, partner } = session;
  const isLarge = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const brand = useSignedInBrand(partner);
  useDocumentBrand(brand);
  useChatWidget(me, partner);

  const entries = useMemo(() => visibleEntries(mainEntries, session), [session]);
  const subEntries = useMemo(() => visibleEntries(manageEntries, session), [session]);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      {isLarge ? (
        <Rail brand={brand} entries={entries} />
      ) : (
        <MobileNav brand={brand} entries={entries} manageEntries={subEntries} />
      )}
      <Box component="main" sx={{ ml: isLarge ? `${RAIL_WIDTH}px` : 0, p: { xs: 2, md: 3 }, minWidth: 0 }}>
        <Banners partner={partner} isReferral={session.viewer?.isReferral === true} />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
};
