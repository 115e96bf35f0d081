import type { Business } from '@pc/contract';
import type { BusinessRow } from './queries.js';

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

// Projects of a business are listed like every project list.
export { toProjectSummary } from '../project-list/summary.js';
