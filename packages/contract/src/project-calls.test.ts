import { describe, expect, it } from 'vitest';
import { isValidGstin, kycVisible, messagingLimitOf, visibleProjectTabs, type ProjectDetail } from './project-calls.js';

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
