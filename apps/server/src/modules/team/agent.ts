import type { PartnerAgent } from '@pc/contract';
import type { PartnerRow } from '../partners/queries.js';
import type { AgentRow } from './queries.js';

/** The spec's sign-up profile, which a member here never fills (see the contract's PartnerAgent). */
const noSignUpProfile = {
  firstProjectId: null,
  affiliateId: null,
  industry: null,
  companySize: null,
  signupSource: null,
  utmParams: { campaign: null, medium: null, source: null },
  filter: null,
};

/** The member as the API shows it: never the password hash; power from the role as it is now. */
export const toPartnerAgent = (
  row: AgentRow,
  power: number,
  partner: Pick<PartnerRow, 'currency' | 'name'>,
  sessions: PartnerAgent['sessions'],
): PartnerAgent => ({
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
  currency: partner.currency,
  company: partner.name,
  sessions,
  ...noSignUpProfile,
});
