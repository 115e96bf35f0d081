import { z } from 'zod';
import { messages } from './messages.js';
import { AccessLevel } from './access-level.js';
import { hasAnyPermission, OWNER_ROLE } from './permissions.js';

const permissionsList = AccessLevel.refine(hasAnyPermission, messages.permissionRequired);
const roleName = z
  .string({ error: messages.roleNameRequired })
  .trim()
  .min(1, messages.roleNameRequired)
  .max(40)
  .refine((name) => name.toUpperCase() !== OWNER_ROLE, messages.roleExists);

/** permissionsList is the role's permission tree, the same shape as Role.accessLevel. */
export const CreateRoleRequest = z.object({ name: roleName, permissionsList });
export const EditRoleRequest = z.object({ roleName: z.string().min(1, messages.roleNameRequired), permissionsList });

export const Role = z.object({ name: z.string(), createdAt: z.string(), accessLevel: AccessLevel });
export type Role = z.infer<typeof Role>;

export const AllRolesResponse = z.object({ roles: z.record(z.string(), Role), maxRoles: z.number().int() });
export type AllRolesResponse = z.infer<typeof AllRolesResponse>;
