import { z } from 'zod';
import { Currency } from './currency.js';
import { PartnerFlags, PartnerType } from './partner.js';
import { ProjectStatus } from './projects.js';

/**
 * Ours: the super-admin's view of a partner as an account: its balances (1/100000 of its
 * currency), partnership, quotas, number of projects, and the per-partner feature flags.
 */
export const AdminPartner = z.object({
  id: z.string(),
  name: z.string(),
  brandName: z.string().nullable(),
  type: PartnerType,
  currency: Currency,
  customDomain: z.string().nullable(),
  centralBalance: z.number().int(),
  minAllowedBalance: z.number().int(),
  partnershipFee: z.number().int(),
  partnershipRenewalOn: z.string().nullable(),
  maxAgents: z.number().int(),
  maxRoles: z.number().int(),
  agentSize: z.number().int(),
  projectCount: z.number().int(),
  flags: PartnerFlags,
  createdAt: z.string(),
});
export type AdminPartner = z.infer<typeof AdminPartner>;

/** GET /superadmin/partners: a page of partners by name, optionally those whose name holds `search`. */
export const AdminPartnersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminPartnersQuery = z.input<typeof AdminPartnersQuery>;
export const AdminPartnersResponse = z.object({ partners: z.array(AdminPartner), total: z.number().int() });
export type AdminPartnersResponse = z.infer<typeof AdminPartnersResponse>;

/** GET /superadmin/partners/{id}: the partner and its OWNER's sign-in (never the password). */
export const PartnerAccount = AdminPartner.extend({
  owner: z.object({ name: z.string(), email: z.string(), loginUsername: z.string() }).nullable(),
});
export type PartnerAccount = z.infer<typeof PartnerAccount>;

/** The partners list of the super-admin keeps its search and page in the URL (pages from 1). */
export const PartnerListUrl = z.object({
  q: z.string().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type PartnerListUrl = z.infer<typeof PartnerListUrl>;

/** A partner's account page keeps the pages of its two lists in the URL: billing rows and audit rows. */
export const PartnerAccountUrl = z.object({
  billingPage: z.coerce.number().int().min(1).max(100_000).catch(1),
  auditPage: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type PartnerAccountUrl = z.infer<typeof PartnerAccountUrl>;
export const SetPartnerFlagsRequest = z.object({ flags: PartnerFlags });
export const PartnerIdParams = z.object({ id: z.string().min(1) });

/** PUT /superadmin/projects/{id}/status: the super-admin's free move among the statuses (doc 2 section 2.2). */
export const ProjectIdParams = z.object({ id: z.string().min(1).max(100) });
export const SetProjectStatusRequest = z.object({ status: ProjectStatus });
export type SetProjectStatusRequest = z.infer<typeof SetProjectStatusRequest>;
