import { createContext, useContext } from 'react';
import type { Me, Partner, Viewer } from '@pc/contract';

/** The signed-in user, loaded once by the authenticated layout. partner is null for the super-admin. */
export type Session = { me: Me; partner: Partner | null; viewer: Viewer | null };

export const SessionContext = createContext<Session | null>(null);

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in layout');
  return session;
};

export const toViewer = (me: Me): Viewer | null =>
  me.agent ? { agentRole: me.agent.agentRole, accessLevel: me.accessLevel, isReferral: me.agent.isReferral } : null;

/**
 * A referral user's own id, which the referral variants of the list, count and business-list calls
 * send as partnerReferralId (doc 1 section 1); null for everyone else, who call the plain ones.
 */
export const useReferralId = (): string | null => {
  const { me } = useSession();
  return me.agent?.isReferral ? me.agent._id : null;
};
