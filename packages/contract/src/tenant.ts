import { z } from 'zod';
import { ProfileColors } from './profile-colors.js';

export const TenantProfileRequest = z.object({ tenantId: z.string().optional() });

/** The brand of a tenant-branded partner; null data means the default brand. */
export const Tenant = z.object({
  tenantId: z.string(),
  name: z.string(),
  brandName: z.string().nullable(),
  brandLogo: z.string().nullable(),
  faviconUrl: z.string().nullable(),
  /** The partner's console colours, for its sign-in and sign-up pages; null: the console's own. */
  colors: ProfileColors.nullable(),
});
export type Tenant = z.infer<typeof Tenant>;
export const TenantProfileResponse = z.object({ data: Tenant.nullable() });
export type TenantProfileResponse = z.infer<typeof TenantProfileResponse>;

export const PartnerLogosResponse = z.object({ brandLogoUrl: z.string().nullable() });

/** Ours: public settings the web needs before sign-in. */
export const AppConfig = z.object({ chatWidgetScriptUrl: z.string().nullable(), helpCenterUrl: z.string() });
export type AppConfig = z.infer<typeof AppConfig>;
