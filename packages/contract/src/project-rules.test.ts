import { describe, expect, it } from 'vitest';
import { isValidGstin, type ProjectDetail } from './project-calls.js';
import {
  kycVisible,
  messagingLimitOf,
  projectApiAllowed,
  visibleProjectTabs,
  webhooksAllowed,
} from './project-rules.js';

describe('isValidGstin', () => {
  it('takes GSTINs whose mod-36 check character matches, in any case', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(' 33aaach7409r1z8 ')).toBe(true);
  });
  it('refuses a wrong check character, a wrong shape or an unknown state code', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('00AAPFU0939F1ZV')).toBe(false);
  });
});

const project = (change: Partial<ProjectDetail> = {}, partner: Partial<ProjectDetail['partner']> = {}) =>
  ({
    isWhatsappVerified: true,
    activePlan: 'PRO_MONTHLY',
    addons: {},
    messagingLimit: 'TIER_250',
    wabaDeleted: false,
    wabaAppStatus: { waba_ban_state: null, waba_ban_date: null },
    ...change,
    partner: { type: 'WHITELABEL', planType: null, addons: {}, flags: { kyc: true }, ...partner },
  }) as unknown as ProjectDetail;

describe('visibleProjectTabs', () => {
  it('shows the eight tabs always', () => {
    expect(visibleProjectTabs(project())).toEqual([
      'Setup',
      'Details',
      'Analytics',
      'Templates',
      'Profile',
      'Billings',
      'Plan Setup',
      'Defaults Config',
    ]);
  });
  it('adds Addons Management, Webhook, Project Api and Meta Ad under their rules', () => {
    const p = project(
      { addons: { WEBHOOKS: { status: 'ACTIVE' }, META_ADS: { status: 'ACTIVE', dashboardKey: 'k' } } },
      { planType: 'DIAMOND', addons: { WEBHOOKS: { name: 'WEBHOOKS', status: 'ACTIVE', price: {} } } },
    );
    expect(visibleProjectTabs(p).slice(8)).toEqual(['Addons Management', 'Webhook', 'Project Api', 'Meta Ad']);
    expect(visibleProjectTabs({ ...p, activePlan: 'BASIC_MONTHLY' }).slice(8)).toEqual([
      'Addons Management',
      'Meta Ad',
    ]);
    expect(
      visibleProjectTabs({ ...p, isWhatsappVerified: false, partner: { ...p.partner, type: 'DIRECT' } }).slice(8),
    ).toEqual([]);
  });
});

describe('webhooksAllowed and projectApiAllowed (the server refuses by them too)', () => {
  const active = { addons: { WEBHOOKS: { status: 'ACTIVE' } }, activePlan: 'PRO_MONTHLY' };
  it('webhooks need the add-on active, a WHITELABEL partner and a plan other than Basic or NONE', () => {
    expect(webhooksAllowed(active, { type: 'WHITELABEL' })).toBe(true);
    expect(webhooksAllowed({ ...active, addons: { WEBHOOKS: { status: 'PAUSED' } } }, { type: 'WHITELABEL' })).toBe(
      false,
    );
    expect(webhooksAllowed({ ...active, addons: {} }, { type: 'WHITELABEL' })).toBe(false);
    for (const type of ['DIRECT', 'ADS_WHITELABEL']) expect(webhooksAllowed(active, { type })).toBe(false);
    for (const activePlan of ['BASIC_MONTHLY', 'BASIC_YEARLY', 'NONE'])
      expect(webhooksAllowed({ ...active, activePlan }, { type: 'WHITELABEL' })).toBe(false);
  });
  it('the project API needs a WHITELABEL partner of planType DIAMOND and the same plans', () => {
    expect(projectApiAllowed({ activePlan: 'TRIAL' }, { type: 'WHITELABEL', planType: 'DIAMOND' })).toBe(true);
    expect(projectApiAllowed({ activePlan: 'TRIAL' }, { type: 'WHITELABEL', planType: 'GOLD' })).toBe(false);
    expect(projectApiAllowed({ activePlan: 'TRIAL' }, { type: 'DIRECT', planType: 'DIAMOND' })).toBe(false);
    expect(projectApiAllowed({ activePlan: 'BASIC_YEARLY' }, { type: 'WHITELABEL', planType: 'DIAMOND' })).toBe(false);
  });
});

describe('kycVisible', () => {
  it('needs the flag, a live and not banned channel, and a limit of 250 or less', () => {
    expect(kycVisible(project())).toBe(true);
    expect(kycVisible(project({ messagingLimit: 'TIER_50' }))).toBe(true);
    expect(kycVisible(project({ messagingLimit: 'TIER_1K' }))).toBe(false);
    expect(kycVisible(project({ isWhatsappVerified: false }))).toBe(false);
    expect(kycVisible(project({ wabaAppStatus: { waba_ban_state: 'DISABLE', waba_ban_date: null } }))).toBe(false);
    expect(kycVisible(project({}, { flags: {} }))).toBe(false);
    expect(messagingLimitOf('TIER_10K')).toBe(10000);
  });
});
