import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '@pc/contract';
import { RETRY_AFTER_MAX_MS, retryAfterMs, retryWaitMs } from './schedule.js';

const now = new Date('2026-03-01T10:00:00Z');

describe('the retry schedule', () => {
  // Standard Webhooks' example schedule ("Deliverability and reliability",
  // https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h after the 1st to 9th failure, then gives up', () => {
    const waits = WEBHOOK_RETRY_SCHEDULE_MS.map((_, i) => retryWaitMs(i + 1, null, () => 0));
    const h = 3_600_000;
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 2 * h, 5 * h, 10 * h, 14 * h, 20 * h, 24 * h]);
    expect(retryWaitMs(10, null, () => 0)).toBeNull();
    // The spec's "time since start" of the last attempt: 75:35:05, about three days.
    expect(waits.reduce((a, b) => a! + b!, 0)).toBe((75 * 60 + 35) * 60_000 + 5_000);
  });

  it('lengthens each wait by up to 10%', () => {
    expect(retryWaitMs(2, null, () => 1)).toBe(330_000);
    expect(retryWaitMs(2, null, () => 0.5)).toBe(315_000);
  });

  it("takes the receiver's Retry-After when it is longer, up to a day", () => {
    expect(retryWaitMs(1, 60_000, () => 0)).toBe(60_000);
    expect(retryWaitMs(3, 60_000, () => 0)).toBe(1_800_000);
    expect(retryWaitMs(1, 3 * RETRY_AFTER_MAX_MS, () => 0)).toBe(RETRY_AFTER_MAX_MS);
    // The schedule spent: given up whatever the receiver asks.
    expect(retryWaitMs(10, 60_000, () => 0)).toBeNull();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(3_600_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
