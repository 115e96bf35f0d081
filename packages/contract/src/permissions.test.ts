import { describe, expect, it } from 'vitest';
import {
  fullAccess,
  hasAnyPermission,
  hasPermission,
  isOwner,
  noAccess,
  normaliseAccessLevel,
  OWNER_ROLE,
  sections,
  togglePermission,
  writableSections,
  type Permission,
} from './permissions.js';

const allPermissions: Permission[] = [
  ...sections.map((s) => `${s}.read` as Permission),
  ...writableSections.map((s) => `${s}.write` as Permission),
];

describe('togglePermission (the role dialog)', () => {
  it('ticking Edit also ticks View', () => {
    const level = togglePermission(noAccess, 'business', 'write', true);
    expect(level.business).toEqual({ read: true, write: true });
  });

  it('unticking Edit clears View', () => {
    const level = togglePermission(togglePermission(noAccess, 'plans', 'write', true), 'plans', 'write', false);
    expect(level.plans).toEqual({ read: false, write: false });
  });

  it('View cannot be unticked while Edit is on', () => {
    const on = togglePermission(noAccess, 'manage', 'write', true);
    expect(togglePermission(on, 'manage', 'read', false)).toEqual(on);
  });

  it('View alone toggles on and off without touching Edit or other sections', () => {
    const on = togglePermission(noAccess, 'billings', 'read', true);
    expect(on).toEqual({ ...noAccess, billings: { read: true } });
    expect(togglePermission(on, 'billings', 'read', false)).toEqual(noAccess);
  });

  it('does not mutate the level it is given', () => {
    const before = structuredClone(noAccess);
    togglePermission(noAccess, 'business', 'write', true);
    expect(noAccess).toEqual(before);
  });
});

describe('hasPermission', () => {
  it('gives OWNER everything, whatever the tree says', () => {
    for (const p of allPermissions)
      expect(hasPermission({ agentRole: OWNER_ROLE, accessLevel: noAccess }, p)).toBe(true);
  });

  it('reads a custom role from its tree', () => {
    const viewer = {
      agentRole: 'Viewer',
      accessLevel: { ...noAccess, business: { read: true, write: false }, billings: { read: true } },
    };
    expect(hasPermission(viewer, 'business.read')).toBe(true);
    expect(hasPermission(viewer, 'business.write')).toBe(false);
    expect(hasPermission(viewer, 'billings.read')).toBe(true);
    expect(hasPermission(viewer, 'dashboard.read')).toBe(false);
  });

  it('gives a custom role with every flag everything, and nobody anything without a viewer', () => {
    for (const p of allPermissions) {
      expect(hasPermission({ agentRole: 'Everything', accessLevel: fullAccess }, p)).toBe(true);
      expect(hasPermission({ agentRole: 'Nothing', accessLevel: noAccess }, p)).toBe(false);
      expect(hasPermission(null, p)).toBe(false);
    }
  });

  it('knows the owner only by the role name OWNER', () => {
    expect(isOwner({ agentRole: OWNER_ROLE, accessLevel: noAccess })).toBe(true);
    expect(isOwner({ agentRole: 'owner', accessLevel: fullAccess })).toBe(false);
    expect(isOwner(undefined)).toBe(false);
  });

  it('gives a referral user the Dashboard and Businesses (with their projects) only, OWNER or not', () => {
    const referral = { agentRole: OWNER_ROLE, accessLevel: fullAccess, isReferral: true };
    expect(allPermissions.filter((p) => hasPermission(referral, p))).toEqual([
      'dashboard.read',
      'business.read',
      'business.write',
    ]);
    expect(isOwner(referral)).toBe(false);
  });
});

describe('hasAnyPermission and normaliseAccessLevel', () => {
  it('an empty tree has no permission; a single flag is enough', () => {
    expect(hasAnyPermission(noAccess)).toBe(false);
    expect(hasAnyPermission({ ...noAccess, dashboard: { read: true } })).toBe(true);
    expect(hasAnyPermission({ ...noAccess, manage: { read: false, write: true } })).toBe(true);
  });

  it('makes write imply read', () => {
    const level = normaliseAccessLevel({
      ...noAccess,
      business: { read: false, write: true },
      plans: { read: true, write: false },
    });
    expect(level.business).toEqual({ read: true, write: true });
    expect(level.plans).toEqual({ read: true, write: false });
  });
});

describe('read-only sections', () => {
  it('have no Edit to tick: ticking it changes nothing', () => {
    expect(togglePermission(noAccess, 'dashboard', 'write', true)).toBe(noAccess);
    expect(togglePermission(noAccess, 'billings', 'write', true)).toBe(noAccess);
  });
});
