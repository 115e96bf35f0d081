import type { ReactNode } from 'react';
import { AccessDenied } from '../../ui/AccessDenied';
import { useSession } from '../../session/session';
import { canOpenArea, type Area } from '../../access/areas';

export const AreaGuard = ({ area, children }: { area: Area; children: ReactNode }) => {
  const session = useSession();
  return canOpenArea(area, session) ? children : <AccessDenied />;
};
