import { useSession } from '../../session/session';
import { NotificationBell } from './NotificationBell';

/**
 * Where the shell puts the bell: in its top bar on a phone, above the page on a wide screen. A
 * partner's members have one; the platform's staff belong to no partner and have none.
 */
export const NotificationBellSlot = ({ wide }: { wide: boolean }) => {
  const { me } = useSession();
  if (me.kind !== 'agent') return null;
  return <NotificationBell wide={wide} />;
};
