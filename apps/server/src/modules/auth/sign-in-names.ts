import { eq, sql } from 'drizzle-orm';
import { messages } from '@pc/contract';
import { claim, claimHolder } from '../../platform/db/claims.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { platformAdmins } from '../../platform/db/schema.js';
import { conflict } from '../../platform/errors/app-error.js';

type NewSignIn = { id: string; partnerId: string; loginUsername: string; email: string };

const staffUses = async (db: DbOrTx, column: 'loginUsername' | 'email', value: string) =>
  (
    await db
      .select({ id: platformAdmins.id })
      .from(platformAdmins)
      .where(eq(sql`lower(${platformAdmins[column]})`, value.trim().toLowerCase()))
      .limit(1)
  ).length > 0;

const userNameTaken = () => conflict(messages.userNameExists, { loginUsername: messages.userNameExists });
const emailTaken = () => conflict(messages.emailExists, { email: messages.emailExists });

/**
 * An agent's user name and email sign in, so each is unique across every partner's agents and the
 * platform staff: both are claimed for the platform (platform_claims) in the agent's own
 * transaction, before its row is written. A name taken is the spec's 409, user name first; two
 * creates racing for one name are settled by the claim's key.
 */
export const claimSignInNames = async (tx: DbOrTx, agent: NewSignIn) => {
  const holder = { partnerId: agent.partnerId, holderId: agent.id };
  if (
    (await staffUses(tx, 'loginUsername', agent.loginUsername)) ||
    !(await claim(tx, { kind: 'agent-user-name', value: agent.loginUsername, ...holder }))
  )
    throw userNameTaken();
  if (
    (await staffUses(tx, 'email', agent.email)) ||
    !(await claim(tx, { kind: 'agent-email', value: agent.email, ...holder }))
  )
    throw emailTaken();
};

/** Whose user name or email this is (case-insensitively): the agent's partner and id. */
export const agentBySignInName = (db: DbOrTx, login: string) =>
  claimHolder(db, ['agent-user-name', 'agent-email'], login);
