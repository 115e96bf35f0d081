import { OWNER_ROLE, type Partner } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { getPartnerProfile } from '../partners/partner.js';
import { rolesByName } from '../roles/roles.js';

/**
 * get-profile's partner with its `roles` map. Roles are the owner's (get-all-roles is OWNER only),
 * so any other member sees only the role they hold, whose permissions they already act under.
 */
export const getProfile = async (db: DbOrTx, viewer: AgentViewer): Promise<Partner> => {
  const [partner, roles] = await Promise.all([
    getPartnerProfile(db, viewer.partnerId),
    rolesByName(db, viewer.partnerId),
  ]);
  if (viewer.agentRole === OWNER_ROLE) return { ...partner, roles };
  const own = Object.hasOwn(roles, viewer.agentRole) ? roles[viewer.agentRole] : undefined;
  return { ...partner, roles: own ? { [own.name]: own } : {} };
};
