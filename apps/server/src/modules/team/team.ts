import {
  DEFAULT_MEMBER_COUNTRY,
  MEMBER_SESSIONS_SHOWN,
  memberPower,
  messages,
  OWNER_ROLE,
  type CreatePartnerAgentRequest,
  type FetchPartnerAgentsResponse,
  type PartnerAgent,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { liveAgentSessions, revokeSessionsOf } from '../auth/sessions.js';
import { claimSignInNames } from '../auth/sign-in-names.js';
import { getPartner } from '../partners/partner.js';
import { lockPartner } from '../partners/queries.js';
import { findRole, listRoles } from '../roles/queries.js';
import { toPartnerAgent } from './agent.js';
import { countActiveAgents, findAgent, insertAgent, listAgents, updateAgent } from './queries.js';

export const fetchPartnerAgents = async (deps: Deps, partnerId: string): Promise<FetchPartnerAgentsResponse> => {
  const [partner, rows, roles] = await Promise.all([
    getPartner(deps.db, partnerId),
    listAgents(deps.db, partnerId),
    listRoles(deps.db, partnerId),
  ]);
  const accessOf = new Map(roles.map((role) => [role.name, role.accessLevel]));
  const live = await liveAgentSessions(
    deps.db,
    partnerId,
    rows.map((row) => row.id),
    deps.now(),
    MEMBER_SESSIONS_SHOWN,
  );
  const sessionsOf = new Map<string, PartnerAgent['sessions']>();
  for (const s of live) {
    if (!sessionsOf.has(s.agentId)) sessionsOf.set(s.agentId, []);
    sessionsOf.get(s.agentId)!.push({ device: s.device, createdAt: s.createdAt.toISOString() });
  }
  const sessionsFor = (agentId: string) => sessionsOf.get(agentId) ?? [];
  return {
    partnerAgents: rows.map((row) =>
      toPartnerAgent(row, memberPower(row.agentRole, accessOf.get(row.agentRole)), partner, sessionsFor(row.id)),
    ),
    maxAgents: partner.maxAgents,
    maxRoles: partner.maxRoles,
  };
};

/**
 * Adds a member with one of the partner's custom roles. The quota is compared with the active
 * members under the partner's row lock, so parallel creates cannot pass it.
 */
export const createPartnerAgent = async (deps: Deps, viewer: AgentViewer, input: CreatePartnerAgentRequest) => {
  const { partnerId } = viewer;
  const passwordHash = await hashPassword(input.loginPassword);
  return deps.db.transaction(async (tx) => {
    const partner = await lockPartner(tx, partnerId);
    if (!partner) throw notFound();
    if ((await countActiveAgents(tx, partnerId)) >= partner.maxAgents) throw badRequest(messages.maxMembersReached);
    // A role name is an id inside the payload: another partner's or an unknown one is not found.
    const role = await findRole(tx, partnerId, input.agentRole);
    if (!role) throw notFound(messages.roleNotFound);
    const agent = { id: newId(), partnerId, loginUsername: input.loginUsername.trim(), email: input.email.trim() };
    await claimSignInNames(tx, agent);
    const profile = {
      name: input.name.trim(),
      email: agent.email,
      loginUsername: agent.loginUsername,
      contact: input.contact ?? '',
      country: input.country?.toUpperCase() ?? DEFAULT_MEMBER_COUNTRY,
      agentRole: role.name,
    };
    await insertAgent(tx, {
      ...agent,
      ...profile,
      displayName: profile.name,
      passwordHash,
      power: memberPower(role.name, role.accessLevel),
    });
    // The password is the member's own: the entry says who they are and what they may do, no more.
    await recordPartnerChange(tx, viewer, {
      action: 'member.create',
      target: { kind: 'member', id: agent.id, name: profile.name },
      before: null,
      after: profile,
    });
    return { message: messages.memberCreated };
  });
};

const memberOf = async (deps: Deps, partnerId: string, agentId: string) => {
  const agent = await findAgent(deps.db, partnerId, agentId);
  if (!agent || agent.disabled) throw notFound(messages.memberNotFound);
  return agent;
};

/** Delete disables the member and ends their sessions at once; nothing of theirs is erased. */
export const disablePartnerAgent = async (deps: Deps, viewer: AgentViewer, agentId: string) => {
  const agent = await memberOf(deps, viewer.partnerId, agentId);
  if (agent.agentRole === OWNER_ROLE) throw badRequest(messages.cannotDisableOwner);
  await deps.db.transaction(async (tx) => {
    await updateAgent(tx, viewer.partnerId, agentId, { disabled: true });
    await revokeSessionsOf(tx, agentId, deps.now());
    await recordPartnerChange(tx, viewer, {
      action: 'member.disable',
      target: { kind: 'member', id: agent.id, name: agent.name },
      before: { disabled: false },
      after: { disabled: true },
    });
  });
  return { message: messages.memberDeleted(agent.name) };
};

/** The role applies on the member's next request: access is read from the role each time. */
export const modifyPartnerAgent = async (deps: Deps, viewer: AgentViewer, agentId: string, roleName: string) => {
  const agent = await memberOf(deps, viewer.partnerId, agentId);
  if (agent.agentRole === OWNER_ROLE) throw badRequest(messages.cannotChangeOwnerRole);
  const role = await findRole(deps.db, viewer.partnerId, roleName);
  if (!role) throw notFound(messages.roleNotFound);
  await deps.db.transaction(async (tx) => {
    await updateAgent(tx, viewer.partnerId, agentId, { agentRole: role.name });
    // The same role saved again changes nothing: no entry.
    if (agent.agentRole !== role.name)
      await recordPartnerChange(tx, viewer, {
        action: 'member.update',
        target: { kind: 'member', id: agent.id, name: agent.name },
        before: { agentRole: agent.agentRole },
        after: { agentRole: role.name },
      });
  });
  return { message: messages.memberRoleModified(role.name) };
};
