import type { AccessLevel } from './access-level.js';

/** The permission tree of a role (spec doc 1 section 3). Sections without write only have read. */
export const sections = ['dashboard', 'business', 'plans', 'billings', 'manage', 'activity'] as const;
export type Section = (typeof sections)[number];
export const writableSections = ['business', 'plans', 'manage'] as const satisfies readonly Section[];

export const OWNER_ROLE = 'OWNER';

export const fullAccess: AccessLevel = {
  dashboard: { read: true },
  business: { read: true, write: true },
  plans: { read: true, write: true },
  billings: { read: true },
  manage: { read: true, write: true },
  activity: { read: true },
};

export const noAccess: AccessLevel = {
  dashboard: { read: false },
  business: { read: false, write: false },
  plans: { read: false, write: false },
  billings: { read: false },
  manage: { read: false, write: false },
  activity: { read: false },
};

export type Permission = `${Section}.read` | `${(typeof writableSections)[number]}.write`;

/** The sections as the role editor names them (its rows; View and Edit are its columns). */
export const sectionLabels: Record<Section, string> = {
  dashboard: 'Dashboard',
  business: 'Business',
  plans: 'Plans',
  billings: 'Billings',
  manage: 'Manage',
  activity: 'Activity Log',
};

/** A page whose controls a role cannot use says so once at the top (ours). */
export const readOnlyText = (permission: Permission): string => {
  const [section] = permission.split('.') as [Section];
  return `You can view this page. Changing anything here needs ${sectionLabels[section]} Edit permission.`;
};

/** Why a control is disabled for a role without the permission, in the role editor's words (ours). */
export const noPermissionText = (permission: Permission): string => {
  const [section, kind] = permission.split('.') as [Section, 'read' | 'write'];
  return `Your role does not allow this: it needs ${sectionLabels[section]} ${kind === 'write' ? 'Edit' : 'View'} permission.`;
};

/**
 * Who may call a route. Every server route declares one; the web reads the same map to hide or
 * disable controls. `authenticated` is anyone signed in, platform staff included; `member` is any
 * signed-in member of a partner, whatever their role (the partner's own data, e.g. its profile).
 */
export type Access = 'public' | 'authenticated' | 'member' | 'owner' | 'superadmin' | Permission | EitherPermission;

/** Either of two permissions: a call two sections' pages share (the billing report of Billings and of a business). */
export type EitherPermission = `${Permission}|${Permission}`;
export const permissionsOf = (access: Permission | EitherPermission): Permission[] => access.split('|') as Permission[];

export type Viewer = { agentRole: string; accessLevel: AccessLevel; isReferral?: boolean };

/**
 * Referral users have the Dashboard, Businesses and Projects only (doc 1 sections 2 and 6), whatever
 * their role: no Plans, Billings or Manage section, and none of the owner's pages (team, roles, SSO,
 * the brand). The server holds it for every route; the web hides what it leaves out.
 */
const referralSections: readonly Section[] = ['dashboard', 'business'];

export const hasPermission = (viewer: Viewer | null | undefined, permission: Permission): boolean => {
  if (!viewer) return false;
  const [section, flag] = permission.split('.') as [Section, 'read' | 'write'];
  if (viewer.isReferral && !referralSections.includes(section)) return false;
  if (viewer.agentRole === OWNER_ROLE) return true;
  // A role saved before a section existed has no entry for it: no permission.
  const entry = viewer.accessLevel[section] as { read: boolean; write?: boolean } | undefined;
  return flag === 'write' ? entry?.write === true : entry?.read === true;
};

/**
 * A member's power (doc 1 section 3: 2 owner, 1 manager, else 0). A manager is a member whose role
 * may edit the partner's businesses and projects (Business Edit): the demo's "Manager" is one, a
 * read-only "Viewer" or a billing clerk is not. Read from the role as it is now, so a role's change
 * changes its members' power.
 */
export const memberPower = (agentRole: string, accessLevel: AccessLevel | null | undefined): 0 | 1 | 2 =>
  agentRole === OWNER_ROLE ? 2 : accessLevel?.business.write ? 1 : 0;

export const isOwner = (viewer: Viewer | null | undefined): boolean =>
  viewer?.agentRole === OWNER_ROLE && !viewer.isReferral;

/** Edit implies View; View cannot be removed while Edit is on (spec doc 1 section 4). */
export const togglePermission = (
  level: AccessLevel,
  section: Section,
  flag: 'read' | 'write',
  on: boolean,
): AccessLevel => {
  const entry = { read: false, ...(level[section] as { read: boolean; write?: boolean } | undefined) };
  // Read-only sections (dashboard, billings) have no Edit to tick.
  if (flag === 'write' && !(writableSections as readonly Section[]).includes(section)) return level;
  if (flag === 'write') {
    entry.write = on;
    entry.read = on;
  } else {
    if (!on && entry.write) return level;
    entry.read = on;
  }
  return { ...level, [section]: entry } as AccessLevel;
};

export const hasAnyPermission = (level: AccessLevel): boolean =>
  sections.some((s) => {
    const entry = level[s] as { read: boolean; write?: boolean } | undefined;
    return entry?.read === true || entry?.write === true;
  });

/** Normalises a tree so that write always implies read, as the dialog guarantees. */
export const normaliseAccessLevel = (level: AccessLevel): AccessLevel => {
  const out = structuredClone(level);
  for (const s of writableSections) if (out[s].write) out[s].read = true;
  return out;
};
