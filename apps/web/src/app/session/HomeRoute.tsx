import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../session/session';

/** The super-admin has no partner dashboard: home is the partners page. */
export const HomeRoute = ({ dashboard }: { dashboard: ReactNode }) => {
  const { me } = useSession();
  return me.kind === 'superadmin' ? <Navigate to="/superadmin" replace /> : dashboard;
};
