import { AppBar, IconButton, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Suspense, useState } from 'react';
import { BrandLogo } from '../../brand/BrandLogo';
import type { Brand } from '../../brand/brand';
import { lazyPage } from '../../ui/lazyPage';
import type { NavEntry, SubEntry } from '../../nav/navEntries';

// The drawer (its modal, lists and accordion) is fetched when the menu button is first
// pointed at or tapped, not with every page a phone opens.
const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazyPage(loadDrawer, 'MobileDrawer');

type Props = { brand: Brand; entries: NavEntry[]; manageEntries: SubEntry[] };

export const MobileNav = ({ brand, entries, manageEntries }: Props) => {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing still slides the drawer out.
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    setOpen(true);
  };

  return (
    <>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label="Open navigation menu"
            onPointerEnter={() => void loadDrawer()}
            onFocus={() => void loadDrawer()}
            onClick={show}
          >
            <MenuIcon />
          </IconButton>
          <BrandLogo brand={brand} size={32} maxWidth={180} showName />
        </Toolbar>
      </AppBar>
      {wanted && (
        <Suspense fallback={null}>
          <MobileDrawer
            brand={brand}
            entries={entries}
            manageEntries={manageEntries}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
};
