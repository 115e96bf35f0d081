import { describe, expect, it } from 'vitest';
import { fullAccess, noAccess, type AccessLevel, type Me, type Partner } from '@pc/contract';
import { canOpenArea, isAreaVisible, type AreaContext } from './areas';

const partner = (overrides: Partial<Partner> = {}): Partner => ({
  _id: 'p1',
  id: 'p1',
  type: 'WHITELABEL',
  currency: 'INR',
  name: 'Acme',
  brandName: null,
  centralBalance: 0,
  minAllowedBalance: 0,
  liveAccounts: 0,
  faviconUrl: null,
  brandLogoUrl: null,
  webhookUrl: null,
  loadingGifUrl: null,
  referralLink: null,
  agentSize: 10,
  maxAgents: 10,
  maxRoles: 5,
  isoCode: 'IN',
  whatsAppAbout: null,
  enableSignUp: false,
  enableTrial: false,
  signUpEnabled: false,
  trialEnabled: false,
  planType: null,
  roles: {},
  isZohoEnabled: false,
  partnershipFee: 0,
  partnershipRenewalOn: null,
  onboardingMethod: null,
  defaultPlanFamily: null,
  defaultPlanName: null,
  defaultWccPlan: null,
  defaultWhatsappPaymentsPlan: null,
  trialAmount: 0,
  freeWccCredit: 0,
  profileColors: null,
  billingAddress: null,
  addons: {},
  flags: {},
  ...overrides,
});

const agent = (
  agentRole: string,
  accessLevel: AccessLevel,
  p: Partner = partner(),
  isReferral = false,
): AreaContext => {
  const me: Me = {
    kind: 'agent',
    id: 'a1',
    agentId: 'a1',
    agent: { _id: 'a1', name: 'A', email: 'a@x.io', loginUsername: 'a', agentRole, isReferral, partnerId: p.id },
    accessLevel,
    name: 'A',
  };
  return { me, partner: p, viewer: { agentRole, accessLevel, isReferral } };
};

describe('areas', () => {
  it('gives referral users only the dashboard, businesses, projects and their profile', () => {
    const ctx = agent('OWNER', fullAccess, partner(), true);
    expect(['dashboard', 'businesses', 'projects', 'profile'].every((a) => isAreaVisible(a as never, ctx))).toBe(true);
    expect(isAreaVisible('billings', ctx)).toBe(false);
    expect(isAreaVisible('manage.team', ctx)).toBe(false);
  });

  it('hides Plan Details, Manage and the config and onboarding pages from DIRECT partners', () => {
    const ctx = agent('OWNER', fullAccess, partner({ type: 'DIRECT' }));
    expect(isAreaVisible('planDetails', ctx)).toBe(false);
    expect(isAreaVisible('manage', ctx)).toBe(false);
    expect(isAreaVisible('manage.config', ctx)).toBe(false);
    expect(isAreaVisible('manage.onboarding', ctx)).toBe(false);
    expect(isAreaVisible('manage.agents', ctx)).toBe(true);
  });

  it('shows Roles, Team and SSO to the owner only', () => {
    const member = agent('Manager', fullAccess);
    expect(isAreaVisible('manage.roles', member)).toBe(false);
    expect(isAreaVisible('manage.sso', member)).toBe(false);
    expect(isAreaVisible('manage.team', agent('OWNER', noAccess))).toBe(true);
  });

  it('opens the activity log with Activity View, to every kind of partner; DIRECT partners get their own entry', () => {
    const direct = agent('OWNER', noAccess, partner({ type: 'DIRECT' }));
    expect(canOpenArea('manage.activity', direct)).toBe(true);
    expect(isAreaVisible('activity', direct)).toBe(true);
    expect(isAreaVisible('activity', agent('OWNER', fullAccess))).toBe(false);
    expect(canOpenArea('manage.activity', agent('OWNER', noAccess))).toBe(true);
    expect(canOpenArea('manage.activity', agent('Manager', { ...fullAccess, activity: { read: false } }))).toBe(false);
    expect(canOpenArea('manage.activity', agent('Auditor', { ...noAccess, activity: { read: true } }))).toBe(true);
    expect(isAreaVisible('manage.activity', agent('OWNER', fullAccess, partner(), true))).toBe(false);
  });

  it('follows the Meta Ads and Zoho flags', () => {
    expect(isAreaVisible('metaAds', agent('OWNER', fullAccess))).toBe(false);
    expect(isAreaVisible('metaAds', agent('OWNER', fullAccess, partner({ flags: { metaAds: true } })))).toBe(true);
    expect(isAreaVisible('manage.addons', agent('OWNER', fullAccess, partner({ isZohoEnabled: true })))).toBe(true);
  });

  it('needs the section read permission to open an area', () => {
    const viewer = agent('Viewer', { ...noAccess, business: { read: true, write: false } });
    expect(canOpenArea('businesses', viewer)).toBe(true);
    expect(canOpenArea('projects', viewer)).toBe(true);
    expect(canOpenArea('billings', viewer)).toBe(false);
    expect(canOpenArea('dashboard', viewer)).toBe(false);
    expect(canOpenArea('manage.defaults', viewer)).toBe(false);
    expect(canOpenArea('profile', viewer)).toBe(true);
  });

  it('gives the super-admin the partners page and the profile only', () => {
    const ctx: AreaContext = {
      me: { kind: 'superadmin', id: 'sa1', agentId: null, agent: null, accessLevel: noAccess, name: 'Admin' },
      partner: null,
      viewer: null,
    };
    expect(canOpenArea('superadmin', ctx)).toBe(true);
    expect(canOpenArea('profile', ctx)).toBe(true);
    expect(canOpenArea('dashboard', ctx)).toBe(false);
    expect(canOpenArea('superadmin', agent('OWNER', fullAccess))).toBe(false);
  });
});
