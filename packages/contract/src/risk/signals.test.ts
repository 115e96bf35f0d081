import { describe, expect, it } from 'vitest';
import { projectTabNames } from '../project-rules.js';
import { riskKinds, type RiskSignal } from './calls.js';
import { riskQualityLevel, riskSignalLink, riskSignalText } from './signals.js';

const now = new Date('2026-11-24T12:00:00.000Z');

describe('the risk board in words', () => {
  it.each<[RiskSignal, string]>([
    [
      { kind: 'health', severity: 3, state: 'BLOCKED', entity: 'number', checkedAt: null },
      'Health BLOCKED (phone number)',
    ],
    [{ kind: 'quality', severity: 3, rating: 'LOW', previous: 'MEDIUM', changedAt: null }, 'Quality LOW (was MEDIUM)'],
    [{ kind: 'quality', severity: 3, rating: 'LOW', previous: null, changedAt: null }, 'Quality LOW'],
    [
      {
        kind: 'credit',
        severity: 3,
        balance: 700_000,
        dailyBurn: 300_000,
        daysToZero: 2.3,
        zeroOn: '2026-11-27T12:00:00.000Z',
      },
      'Credit runs out in 2 days (Nov 27)',
    ],
    [
      {
        kind: 'credit',
        severity: 3,
        balance: 100_000,
        dailyBurn: 300_000,
        daysToZero: 0.3,
        zeroOn: '2026-11-24T19:00:00.000Z',
      },
      'Credit runs out within a day (Nov 24)',
    ],
    [
      { kind: 'credit', severity: 3, balance: 0, dailyBurn: 300_000, daysToZero: 0, zeroOn: now.toISOString() },
      'Credit ran out',
    ],
    [
      { kind: 'failedRate', severity: 2, failed: 408, sent: 3400, percent: 12 },
      'Failed 12.0 % of 3,400 sent in 7 days',
    ],
    [
      {
        kind: 'messagingLimit',
        severity: 2,
        tier: 'TIER_1K',
        limit: 1000,
        peak: 912,
        peakDay: '2026-11-22',
        atLimit: true,
        lowestTier: false,
      },
      'Messaging limit: 912 of 1,000 a day sent (Nov 22)',
    ],
    [
      {
        kind: 'messagingLimit',
        severity: 1,
        tier: 'TIER_250',
        limit: 250,
        peak: 12,
        peakDay: '2026-11-22',
        atLimit: false,
        lowestTier: true,
      },
      'Messaging limit 250 a day (lowest tier)',
    ],
    [
      { kind: 'templates', severity: 2, paused: 1, rejected: 2, recategorised: 0, latestAt: now.toISOString() },
      'Templates: 1 paused, 2 rejected',
    ],
    [
      { kind: 'onboarding', severity: 1, step: 5, since: '2026-11-20T11:00:00.000Z' },
      'Onboarding stalled at step 5 for 4 days',
    ],
    [
      { kind: 'onboarding', severity: 1, step: 0, since: '2026-11-22T11:00:00.000Z' },
      'Onboarding not started for 2 days',
    ],
  ])('%o says "%s"', (signal, text) => {
    expect(riskSignalText(signal, now)).toBe(text);
  });

  it("links every kind to a tab of the project's page", () => {
    const slugs = projectTabNames.map((t) => t.toLowerCase().replace(/\s+/g, '-'));
    for (const kind of riskKinds) {
      const link = riskSignalLink('p 1', kind);
      expect(link).toMatch(/^\/assistants\/p%201\?tab=/);
      expect(slugs).toContain(link.split('tab=')[1]);
    }
    expect(riskSignalLink('x', 'credit')).toBe('/assistants/x?tab=plan-setup');
    expect(riskSignalLink('x', 'templates')).toBe('/assistants/x?tab=templates');
    expect(riskSignalLink('x', 'onboarding')).toBe('/assistants/x?tab=setup');
  });

  it("reads the spec's words by its rule and Meta's colours as levels", () => {
    expect(['Low', 'FLAGGED', 'RED'].map(riskQualityLevel)).toEqual(['LOW', 'LOW', 'LOW']);
    expect(['Medium', 'UNFLAGGED', 'RESTRICTED', 'YELLOW'].map(riskQualityLevel)).toEqual([
      'MEDIUM',
      'MEDIUM',
      'MEDIUM',
      'MEDIUM',
    ]);
    expect(['GREEN', 'High'].map(riskQualityLevel)).toEqual(['HIGH', 'HIGH']);
    expect([null, '', 'UNKNOWN'].map(riskQualityLevel)).toEqual([null, null, null]);
  });
});
