import { z } from 'zod';
import { Currency, PartnerFlags, PartnerType } from './partner.js';
import { ProjectStatus } from './projects.js';

/** Ours: the super-admin's view of partners, where the per-partner feature flags are set. */
export const AdminPartner = z.object({
  id: z.string(),
  name: z.string(),
  type: PartnerType,
  currency: Currency,
  flags: PartnerFlags,
});
export type AdminPartner = z.infer<typeof AdminPartner>;
export const AdminPartnersResponse = z.object({ partners: z.array(AdminPartner) });
export const SetPartnerFlagsRequest = z.object({ flags: PartnerFlags });
export const PartnerIdParams = z.object({ id: z.string().min(1) });

/** PUT /superadmin/projects/{id}/status: the super-admin's free move among the statuses (doc 2 section 2.2). */
export const ProjectIdParams = z.object({ id: z.string().min(1).max(100) });
export const SetProjectStatusRequest = z.object({ status: ProjectStatus });
export type SetProjectStatusRequest = z.infer<typeof SetProjectStatusRequest>;
