import { describe, expect, it } from 'vitest';
import { fullAccess, noAccess, OWNER_ROLE, projectTabNames } from '@pc/contract';
import { openableTabs } from './openableTabs';

describe('openableTabs', () => {
  it('shows an owner every tab', () => {
    expect(openableTabs([...projectTabNames], { agentRole: OWNER_ROLE, accessLevel: fullAccess })).toEqual(
      projectTabNames,
    );
  });

  it('leaves Billings out without Billings View, and Analytics out for a referral user', () => {
    const viewer = { agentRole: 'Viewer', accessLevel: { ...fullAccess, billings: { read: false } } };
    expect(openableTabs(['Setup', 'Billings', 'Analytics'], viewer)).toEqual(['Setup', 'Analytics']);
    const referral = { agentRole: OWNER_ROLE, accessLevel: fullAccess, isReferral: true };
    expect(openableTabs(['Setup', 'Billings', 'Analytics'], referral)).toEqual(['Setup']);
    expect(openableTabs(['Setup', 'Analytics'], { agentRole: 'None', accessLevel: noAccess })).toEqual(['Setup']);
  });
});
