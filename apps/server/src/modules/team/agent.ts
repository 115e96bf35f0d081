import type { PartnerAgent } from '@pc/contract';
import type { AgentRow } from './queries.js';

/** The member as the API shows it: never the password hash; power from the role as it is now. */
export const toPartnerAgent = (row: AgentRow, power: number): PartnerAgent => ({
  _id: row.id,
  name: row.name,
  displayName: row.displayName,
  email: row.email,
  loginUsername: row.loginUsername,
  contact: row.contact,
  country: row.country,
  partnerId: row.partnerId,
  agentRole: row.agentRole,
  disabled: row.disabled,
  power,
  createdAt: row.createdAt.toISOString(),
});
