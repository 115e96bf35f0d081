import { messages, normaliseAccessLevel, type AccessLevel, type AllRolesResponse, type Role } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { badRequest, conflict, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
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
export const createRole = (deps: Deps, viewer: AgentViewer, name: string, accessLevel: AccessLevel) =>
  deps.db.transaction(async (tx) => {
    const partner = await lockPartner(tx, viewer.partnerId);
    if (!partner) throw notFound();
    if ((await countRoles(tx, viewer.partnerId)) >= partner.maxRoles) throw badRequest(messages.rolesLimitReached);
    if (await findRole(tx, viewer.partnerId, name)) throw conflict(messages.roleExists, { name: messages.roleExists });
    const role = { name: name.trim(), accessLevel: normaliseAccessLevel(accessLevel) };
    await insertRole(tx, viewer.partnerId, role.name, role.accessLevel);
    await recordPartnerChange(tx, viewer, {
      action: 'role.create',
      target: { kind: 'role', id: role.name, name: role.name },
      before: null,
      after: role,
    });
    return { message: messages.roleCreated };
  });

/**
 * The new permissions apply to the role's members on their next request. The entry holds the
 * sections whose rights changed, as they were and as they are.
 */
export const editRole = async (deps: Deps, viewer: AgentViewer, roleName: string, accessLevel: AccessLevel) => {
  const next = normaliseAccessLevel(accessLevel);
  await deps.db.transaction(async (tx) => {
    const role = await findRole(tx, viewer.partnerId, roleName);
    if (!role) throw notFound(messages.roleNotFound);
    await updateRoleAccess(tx, viewer.partnerId, role.name, next);
    const changed = changedFields(role.accessLevel, next);
    if (changed.keys.length > 0)
      await recordPartnerChange(tx, viewer, {
        action: 'role.update',
        target: { kind: 'role', id: role.name, name: role.name },
        before: changed.before,
        after: changed.after,
      });
  });
  return { message: messages.roleUpdated };
};
