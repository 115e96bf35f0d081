import { hasPermission, isOwner, type Me, type Partner, type Permission, type Viewer } from '@pc/contract';

export type Area =
  | 'dashboard'
  | 'businesses'
  | 'projects'
  | 'metaAds'
  | 'planDetails'
  | 'billings'
  | 'risk'
  | 'preview'
  | 'profile'
  | 'superadmin'
  | 'manage'
  | 'manage.config'
  | 'manage.onboarding'
  | 'manage.agents'
  | 'manage.sso'
  | 'manage.profiles'
  | 'manage.addons'
  | 'manage.defaults'
  | 'manage.roles'
  | 'manage.team'
  | 'manage.activity'
  | 'activity';

export type AreaContext = { me: Me; partner: Partner | null; viewer: Viewer | null };

const referralAreas: ReadonlySet<Area> = new Set(['dashboard', 'businesses', 'projects', 'profile']);

const isDirect = (ctx: AreaContext) => ctx.partner?.type === 'DIRECT';

/** Whether the user's kind of partner and role show the area at all (menu entry and route). */
export const isAreaVisible = (area: Area, ctx: AreaContext): boolean => {
  if (ctx.me.kind === 'superadmin') return area === 'superadmin' || area === 'profile';
  if (area === 'superadmin' || !ctx.partner) return false;
  if (ctx.viewer?.isReferral) return referralAreas.has(area);
  switch (area) {
    case 'metaAds':
      return ctx.partner.flags.metaAds === true;
    case 'planDetails':
    case 'manage':
    case 'manage.config':
    case 'manage.onboarding':
      return !isDirect(ctx);
    case 'manage.sso':
    case 'manage.roles':
    case 'manage.team':
      return isOwner(ctx.viewer);
    case 'manage.addons':
      return ctx.partner.isZohoEnabled;
    // DIRECT partners have no Manage entry (the spec hides it): their activity log has its own.
    case 'activity':
      return isDirect(ctx);
    default:
      return true;
  }
};

const areaPermission: Partial<Record<Area, Permission>> = {
  dashboard: 'dashboard.read',
  businesses: 'business.read',
  projects: 'business.read',
  planDetails: 'plans.read',
  billings: 'billings.read',
  // The risk board: the projects' read right, as the project pages its chips open.
  risk: 'business.read',
  manage: 'manage.read',
  'manage.config': 'manage.read',
  'manage.onboarding': 'manage.read',
  'manage.agents': 'manage.read',
  'manage.sso': 'manage.read',
  'manage.profiles': 'manage.read',
  'manage.addons': 'manage.read',
  'manage.defaults': 'manage.read',
  'manage.roles': 'manage.read',
  'manage.team': 'manage.read',
  'manage.activity': 'activity.read',
  activity: 'activity.read',
};

/** Visible and, where the section needs it, readable. Otherwise the Access Denied panel shows. */
export const canOpenArea = (area: Area, ctx: AreaContext): boolean => {
  if (!isAreaVisible(area, ctx)) return false;
  const permission = areaPermission[area];
  return permission ? hasPermission(ctx.viewer, permission) : true;
};
