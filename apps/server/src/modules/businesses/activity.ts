import type { BusinessRow, ProjectRow } from './queries.js';

/**
 * A business as the activity log keeps it: what the member typed or chose, never the password's
 * hash (only whether one is set).
 */
export const businessFacts = (row: BusinessRow) => ({
  displayName: row.displayName,
  company: row.company,
  email: row.email,
  contact: row.contact,
  countryCode: row.countryCode,
  website: row.website,
  industry: row.industry,
  companySize: row.companySize,
  timezone: row.timezone,
  currency: row.currency,
  password: row.passwordHash !== null ? 'set' : 'not set',
  ...(row.gstNumber ? { gstNumber: row.gstNumber } : {}),
  ...(row.billingAddress ? { billingAddress: row.billingAddress } : {}),
});

/** A new project as the activity log keeps it: its name, business and plans. */
export const projectFacts = (row: ProjectRow, businessName: string) => ({
  name: row.name,
  businessId: row.businessId,
  businessName,
  familyId: row.familyId,
  activePlan: row.activePlan,
  wccPlanId: row.wccPlanId,
  paymentPlanId: row.paymentPlanId,
});
