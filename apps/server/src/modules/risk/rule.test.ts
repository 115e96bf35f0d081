import { describe, expect, it } from 'vitest';
import {
  accountSignal,
  creditSignal,
  failedRateSignal,
  healthSignal,
  messagingLimitSignal,
  onboardingSignal,
  qualitySignal,
  signalsOf,
  templatesSignal,
  type ProjectState,
} from './rule.js';

const now = new Date('2026-11-24T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(now.getTime() - ms);

const live: ProjectState = {
  status: 'active',
  live: true,
  step: 9,
  qualityRating: 'GREEN',
  qualityRatingPrevious: null,
  qualityRatingChangedAt: null,
  messagingLimit: 'TIER_1K',
  createdAt: ago(90 * DAY),
  onboardingAt: null,
  wabaBanState: null,
  wabaBanDate: null,
  wabaDeleted: false,
  metaAccount: {},
  numberHealth: 'AVAILABLE',
  numberCheckedAt: null,
  accountHealth: null,
  accountCheckedAt: null,
};
const notLive: ProjectState = { ...live, live: false, step: 5, qualityRating: null, messagingLimit: null };

describe('the risk rule, each signal at its line', () => {
  it("account: Meta's ban, the app removed or the account deleted are critical; a recent violation a warning", () => {
    expect(accountSignal(live, now)).toBeNull();
    expect(accountSignal({ ...live, wabaBanState: 'DISABLE', wabaBanDate: ago(DAY) }, now)).toMatchObject({
      severity: 3,
      state: 'DISABLED',
      since: ago(DAY).toISOString(),
    });
    expect(accountSignal({ ...live, wabaBanState: 'REINSTATE' }, now)).toBeNull();
    expect(accountSignal({ ...live, wabaBanState: 'SCHEDULE_FOR_DISABLE' }, now)?.state).toBe('TO_BE_DISABLED');
    const connection = (event: 'PARTNER_APP_UNINSTALLED' | 'PARTNER_ADDED') => ({
      ...live,
      metaAccount: { connection: { event, at: ago(DAY).toISOString() } },
    });
    expect(accountSignal(connection('PARTNER_APP_UNINSTALLED'), now)?.state).toBe('DISCONNECTED');
    expect(accountSignal(connection('PARTNER_ADDED'), now)).toBeNull();
    expect(accountSignal({ ...live, wabaDeleted: true }, now)?.state).toBe('DELETED');
    const violation = (days: number) => ({
      ...live,
      metaAccount: { violation: { type: 'ADULT', at: ago(days * DAY).toISOString() } },
    });
    expect(accountSignal(violation(30), now)).toMatchObject({ severity: 2, state: 'VIOLATION', detail: 'ADULT' });
    expect(accountSignal(violation(31), now)).toBeNull();
  });

  it('health: LIMITED is a warning, BLOCKED critical, the worse of the number and the account', () => {
    expect(healthSignal(live)).toBeNull();
    expect(healthSignal({ ...live, numberHealth: 'LIMITED' })).toMatchObject({
      severity: 2,
      state: 'LIMITED',
      entity: 'number',
    });
    expect(
      healthSignal({ ...live, numberHealth: 'LIMITED', accountHealth: 'BLOCKED', accountCheckedAt: now.toISOString() }),
    ).toEqual({ kind: 'health', severity: 3, state: 'BLOCKED', entity: 'account', checkedAt: now.toISOString() });
  });

  it('quality: LOW whenever it is; falling only when the last change took it down within 30 days', () => {
    expect(qualitySignal(live, now)).toBeNull();
    expect(qualitySignal({ ...live, qualityRating: 'RED' }, now)).toMatchObject({
      severity: 3,
      rating: 'LOW',
      previous: null,
    });
    expect(qualitySignal({ ...live, qualityRating: 'FLAGGED', qualityRatingPrevious: 'Medium' }, now)).toMatchObject({
      rating: 'LOW',
      previous: 'MEDIUM',
    });
    // Low to FLAGGED is no fall: both are LOW, and nothing "was" otherwise.
    expect(qualitySignal({ ...live, qualityRating: 'FLAGGED', qualityRatingPrevious: 'Low' }, now)).toMatchObject({
      previous: null,
    });
    const fell = (at: Date) =>
      qualitySignal(
        { ...live, qualityRating: 'YELLOW', qualityRatingPrevious: 'GREEN', qualityRatingChangedAt: at },
        now,
      );
    expect(fell(ago(30 * DAY))).toMatchObject({ severity: 2, rating: 'MEDIUM', previous: 'HIGH' });
    expect(fell(ago(30 * DAY + MINUTE))).toBeNull();
    // Rising is no risk.
    expect(
      qualitySignal(
        { ...live, qualityRating: 'GREEN', qualityRatingPrevious: 'YELLOW', qualityRatingChangedAt: now },
        now,
      ),
    ).toBeNull();
    expect(qualitySignal(notLive, now)).toBeNull();
  });

  it('credit: spent and running out within 3 days of the forecast, or run out', () => {
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const credit = (zeroIn: number, balance = 300_000) =>
      creditSignal({ balance, burn7: 100_000, dailyBurn: 100_000, daysToZero: zeroIn / DAY, zeroOn: at(zeroIn) }, now);
    expect(credit(3 * DAY)).toMatchObject({ kind: 'credit', severity: 3 });
    expect(credit(3 * DAY + MINUTE)).toBeNull();
    expect(credit(0, 0)).toMatchObject({ balance: 0, daysToZero: 0 });
    // Not spent: an empty credit that nothing draws on is no risk, nor one spent only weeks ago.
    expect(
      creditSignal({ balance: 0, burn7: 0, dailyBurn: 0, daysToZero: 0, zeroOn: now.toISOString() }, now),
    ).toBeNull();
    expect(creditSignal({ balance: 5, burn7: 0, dailyBurn: 0, daysToZero: null, zeroOn: null }, now)).toBeNull();
    expect(
      creditSignal({ balance: 0, burn7: 0, dailyBurn: 9_000, daysToZero: 0, zeroOn: now.toISOString() }, now),
    ).toBeNull();
    expect(creditSignal(undefined, now)).toBeNull();
  });

  it('failed messages: above 5 % of at least 100 sent', () => {
    const t = (sent: number, failed: number) => failedRateSignal({ sent, failed, peak: 0, peakDay: null });
    expect(t(100, 5)).toBeNull();
    expect(t(100, 6)).toEqual({ kind: 'failedRate', severity: 2, failed: 6, sent: 100, percent: 6 });
    expect(t(3400, 170)).toBeNull();
    expect(t(3400, 171)).toMatchObject({ percent: 5 });
    expect(t(99, 60)).toBeNull();
    expect(failedRateSignal(undefined)).toBeNull();
  });

  it('messaging limit: the lowest tiers, or a day at 80 % of the limit, on a live number', () => {
    const traffic = (peak: number) => ({ sent: 0, failed: 0, peak, peakDay: '2026-11-22' });
    expect(messagingLimitSignal(live, traffic(799))).toBeNull();
    expect(messagingLimitSignal(live, traffic(800))).toMatchObject({
      severity: 2,
      limit: 1000,
      peak: 800,
      peakDay: '2026-11-22',
      atLimit: true,
      lowestTier: false,
    });
    expect(messagingLimitSignal({ ...live, messagingLimit: 'TIER_250' }, undefined)).toMatchObject({
      severity: 1,
      limit: 250,
      atLimit: false,
      lowestTier: true,
    });
    expect(messagingLimitSignal({ ...live, messagingLimit: 'TIER_UNLIMITED' }, traffic(1e6))).toBeNull();
    expect(messagingLimitSignal({ ...live, live: false, messagingLimit: 'TIER_250' }, undefined)).toBeNull();
  });

  it('templates: a paused one is a warning, rejected or re-categorised ones to watch', () => {
    const latestAt = ago(DAY);
    expect(templatesSignal({ paused: 0, rejected: 0, recategorised: 0, latestAt })).toBeNull();
    expect(templatesSignal({ paused: 1, rejected: 2, recategorised: 0, latestAt })).toMatchObject({ severity: 2 });
    expect(templatesSignal({ paused: 0, rejected: 0, recategorised: 1, latestAt })).toMatchObject({ severity: 1 });
  });

  it('onboarding: an active project not live with nothing on its onboarding for more than 2 days', () => {
    const stalled = (p: Partial<ProjectState>) => onboardingSignal({ ...notLive, ...p }, now);
    expect(stalled({ createdAt: ago(2 * DAY), onboardingAt: null })).toBeNull();
    expect(stalled({ createdAt: ago(2 * DAY + MINUTE), onboardingAt: null })).toEqual({
      kind: 'onboarding',
      severity: 1,
      step: 5,
      since: ago(2 * DAY + MINUTE).toISOString(),
    });
    // Its last onboarding call counts from then.
    expect(stalled({ createdAt: ago(30 * DAY), onboardingAt: ago(2 * DAY - MINUTE) })).toBeNull();
    expect(stalled({ createdAt: ago(30 * DAY), onboardingAt: ago(2 * DAY + MINUTE) })).toMatchObject({ step: 5 });
    // Parked (pending), or live: not stalled.
    expect(stalled({ status: 'pending', createdAt: ago(30 * DAY) })).toBeNull();
    expect(onboardingSignal({ ...live, createdAt: ago(30 * DAY) }, now)).toBeNull();
  });

  it("lists a project's signals most severe first", () => {
    const kinds = signalsOf(
      {
        project: { ...live, messagingLimit: 'TIER_250', qualityRating: 'RED' },
        traffic: { sent: 200, failed: 40, peak: 10, peakDay: '2026-11-23' },
      },
      now,
    ).map((s) => [s.kind, s.severity]);
    expect(kinds).toEqual([
      ['quality', 3],
      ['failedRate', 2],
      ['messagingLimit', 1],
    ]);
  });
});
