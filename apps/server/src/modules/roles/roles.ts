import { messages, normaliseAccessLevel, type AccessLevel, type AllRolesResponse, type Role } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error.js';
import { getPartner } from '../partners/partner.js';
import { lockPartner } from '../partners/queries.js';
import { countRoles, findRole, insertRole, listRoles, updateRoleAccess } from './queries.js';

/** The partner's roles by name, oldest first (the spec's `roles` map). */
export const rolesByName = async (db: DbOrTx, partnerId: string): Promise<Record<string, Role>> =>
  Object.fromEntries(
    (await listRoles(db, partnerId)).map((r) => [
      r.name,
      { name: r.name, createdAt: r.createdAt.toISOString(), accessLevel: r.accessLevel },
    ]),
  );

export const getAllRoles = async (deps: Deps, partnerId: string): Promise<AllRolesResponse> => {
  const [partner, roles] = await Promise.all([getPartner(deps.db, partnerId), rolesByName(deps.db, partnerId)]);
  return { roles, maxRoles: partner.maxRoles };
};

/** The quota is counted under the partner's row lock, so two creates at once cannot pass it. */
export const createRole = (deps: Deps, partnerId: string, name: string, accessLevel: AccessLevel) =>
  deps.db.transaction(async (tx) => {
    const partner = await lockPartner(tx, partnerId);
    if (!partner) throw notFound();
    if ((await countRoles(tx, partnerId)) >= partner.maxRoles) throw badRequest(messages.rolesLimitReached);
    if (await findRole(tx, partnerId, name)) throw conflict(messages.roleExists, { name: messages.roleExists });
    await insertRole(tx, partnerId, name.trim(), normaliseAccessLevel(accessLevel));
    return { message: messages.roleCreated };
  });

/** The new permissions apply to the role's members on their next request. */
export const editRole = async (deps: Deps, partnerId: string, roleName: string, accessLevel: AccessLevel) => {
  const role = await findRole(deps.db, partnerId, roleName);
  if (!role) throw notFound(messages.roleNotFound);
  await updateRoleAccess(deps.db, partnerId, role.name, normaliseAccessLevel(accessLevel));
  return { message: messages.roleUpdated };
};
