import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { agents, platformAdmins } from '../../platform/db/schema.js';
import { agentBySignInName } from './sign-in-names.js';

/** Anyone who signs in: a partner's agent or a platform admin. */
export type Account = {
  kind: 'agent' | 'superadmin';
  id: string;
  partnerId?: string;
  /** A referral agent: the token says so, so the console skips what such a user may not ask for. */
  isReferral?: boolean;
  passwordHash: string;
  disabled: boolean;
  email: string;
  name: string;
};

const sameText = (column: typeof platformAdmins.loginUsername | typeof platformAdmins.email, value: string) =>
  sql`lower(${column}) = ${value.trim().toLowerCase()}`;

/** By user name or email, case-insensitively: an agent's are found through their platform claim. */
export const findAccountByLogin = async (db: DbOrTx, login: string): Promise<Account | undefined> => {
  const holder = await agentBySignInName(db, login);
  const [agent] = holder
    ? await db
        .select()
        .from(agents)
        .where(and(eq(agents.partnerId, holder.partnerId), eq(agents.id, holder.holderId)))
    : [];
  if (agent)
    return {
      kind: 'agent',
      id: agent.id,
      partnerId: agent.partnerId,
      isReferral: agent.isReferral,
      passwordHash: agent.passwordHash,
      disabled: agent.disabled,
      email: agent.email,
      name: agent.name,
    };
  const [admin] = await db
    .select()
    .from(platformAdmins)
    .where(or(sameText(platformAdmins.loginUsername, login), sameText(platformAdmins.email, login)));
  if (admin)
    return {
      kind: 'superadmin',
      id: admin.id,
      passwordHash: admin.passwordHash,
      disabled: false,
      email: admin.email,
      name: admin.name,
    };
  return undefined;
};

/**
 * An account by its id. An agent's partner, when known (the signed-in agent's token), is named
 * too: on a distributed database the read then goes to that partner's node alone (docs/scaling.md).
 */
export const findAccountById = async (
  db: DbOrTx,
  kind: Account['kind'],
  id: string,
  partnerId?: string,
): Promise<Account | undefined> => {
  if (kind === 'agent') {
    const [agent] = await db
      .select()
      .from(agents)
      .where(and(partnerId === undefined ? undefined : eq(agents.partnerId, partnerId), eq(agents.id, id)));
    return (
      agent && {
        kind,
        id,
        partnerId: agent.partnerId,
        isReferral: agent.isReferral,
        passwordHash: agent.passwordHash,
        disabled: agent.disabled,
        email: agent.email,
        name: agent.name,
      }
    );
  }
  const [admin] = await db.select().from(platformAdmins).where(eq(platformAdmins.id, id));
  return admin && { kind, id, passwordHash: admin.passwordHash, disabled: false, email: admin.email, name: admin.name };
};

/** The new password; an agent's partner named when known, as in findAccountById. */
export const setPasswordHash = async (
  db: DbOrTx,
  kind: Account['kind'],
  id: string,
  passwordHash: string,
  partnerId?: string,
) => {
  if (kind === 'agent')
    await db
      .update(agents)
      .set({ passwordHash })
      .where(and(partnerId === undefined ? undefined : eq(agents.partnerId, partnerId), eq(agents.id, id)));
  else await db.update(platformAdmins).set({ passwordHash }).where(eq(platformAdmins.id, id));
};
