import { Box, useMediaQuery, type Theme } from '@mui/material';
import { memo, Suspense, useMemo } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../ui/PageLoader';
import { BrandTheme } from '../../brand/BrandTheme';
import { useDocumentBrand } from '../../brand/useDocumentBrand';
import { useSignedInBrand } from '../../brand/useSignedInBrand';
import { useSession } from '../../session/session';
import { RAIL_WIDTH } from '../../brand/theme';
import { Banners } from './Banners';
import { OfflineNotice } from './OfflineNotice';
import { lazyPage } from '../../ui/lazyPage';
import { manageEntries, mainEntries, visibleEntries } from '../../nav/navEntries';
import { useChatWidget } from './useChatWidget';
import { MAIN_ID, SkipLink } from './SkipLink';
import { NotificationBellSlot } from '../../features/notifications/NotificationBellSlot';

// A screen loads the navigation it shows: the rail (with its tooltips) on a wide one, the top bar
// and drawer (with their accordions and modal) on a narrow one; each is code the other screen
// never uses. Until it arrives its place is held, so nothing moves.
const Rail = lazyPage(() => import('./Rail'), 'Rail');
const MobileNav = lazyPage(() => import('./MobileNav'), 'MobileNav');
const railPlace = (
  <Box
    sx={{
      position: 'fixed',
      inset: '0 auto 0 0',
      width: RAIL_WIDTH,
      bgcolor: 'background.paper',
      borderRight: '1px solid',
      borderColor: 'divider',
    }}
  />
);
const topBarPlace = <Box sx={{ height: 56, bgcolor: 'background.paper' }} />;

/**
 * The page, kept out of the shell's own renders: the shell renders again as its answers arrive (the
 * brand, the partner's logos), which React Query hands to React as a store's change, rendered at once
 * and whole; the page, re-rendered with it, made that one task of about 300 ms on a phone (4x).
 * It still renders with its route and with the contexts it reads.
 */
const Page = memo(function Page() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
});

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
    <BrandTheme colors={brand.colors}>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
        <SkipLink />
        {isLarge ? (
          <Suspense fallback={railPlace}>
            <Rail brand={brand} entries={entries} />
          </Suspense>
        ) : (
          <Suspense fallback={topBarPlace}>
            <MobileNav brand={brand} entries={entries} manageEntries={subEntries} />
          </Suspense>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          // Focusable by the skip link only (not a Tab stop), without a focus ring around the whole page.
          tabIndex={-1}
          sx={{ ml: isLarge ? `${RAIL_WIDTH}px` : 0, p: { xs: 2, md: 3 }, minWidth: 0, '&:focus': { outline: 'none' } }}
        >
          <NotificationBellSlot wide={isLarge} />
          <OfflineNotice />
          <Banners partner={partner} isReferral={session.viewer?.isReferral === true} />
          <Page />
        </Box>
      </Box>
    </BrandTheme>
  );
};
