import { type Business, type ProjectSummary } from '@pc/contract';
import type { BusinessRow, ProjectRow } from './queries.js';

/** The business as the API shows it: whether a password is set, never the hash. */
export const toBusiness = (row: BusinessRow): Business => ({
  _id: row.id,
  id: row.id,
  display_name: row.displayName,
  displayName: row.displayName,
  name: row.displayName,
  company: row.company,
  email: row.email,
  contact: row.contact,
  type: row.type,
  createdOn: row.createdAt.toISOString(),
  companySize: row.companySize,
  password: row.passwordHash !== null,
  businessArchived: row.archived,
  website: row.website,
  description: row.description,
  industry: row.industry,
  timezone: row.timezone,
  currency: row.currency,
  countryCode: row.countryCode,
});

export const toProjectSummary = (row: ProjectRow, businessName: string): ProjectSummary => ({
  _id: row.id,
  assistantName: row.name,
  clientId: row.businessId,
  businessName,
  isWhatsappVerified: row.isWhatsappVerified,
  activePlan: row.activePlan,
  status: row.status,
  partnerArchived: row.partnerArchived,
  templateCredit: row.templateCredit,
  currency: row.currency,
  subscriptionScheduled: row.subscriptionScheduled ?? null,
  planStoppedOn: row.planStoppedOn?.toISOString() ?? null,
  planActivatedOn: row.planActivatedOn?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
