import { Suspense } from 'react';
import { useSession } from '../../session/session';
import { lazyPage } from '../../ui/lazyPage';

// The bell, its list and its preferences are fetched after the page, never with the first one.
const NotificationBell = lazyPage(() => import('./NotificationBell'), 'NotificationBell');

/**
 * Where the shell puts the bell: in its top bar on a phone, above the page on a wide screen. A
 * partner's members have one; the platform's staff belong to no partner and have none.
 */
export const NotificationBellSlot = ({ wide }: { wide: boolean }) => {
  const { me } = useSession();
  if (me.kind !== 'agent') return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell wide={wide} />
    </Suspense>
  );
};
