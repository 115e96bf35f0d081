import { WEBHOOK_RETRY_SCHEDULE_MS } from '@pc/contract';

/** A receiver's Retry-After is honoured up to this: a day. */
export const RETRY_AFTER_MAX_MS = 24 * 3_600_000;
/** Each wait of the schedule is lengthened by up to this share, so that retries of a burst spread out. */
export const RETRY_JITTER = 0.1;

/**
 * Retry-After as milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110); null when
 * absent or unreadable.
 */
export const retryAfterMs = (value: string | null, now: Date): number | null => {
  if (!value) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month ("Sun, 01 Mar 2026 11:00:00 GMT"); Date.parse alone takes "-5" for a year.
  if (!/[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
};

/**
 * How long to wait after the `failed`-th failed attempt of a round before the next one (the
 * schedule's step, with up to 10% jitter, or the receiver's Retry-After when that asks for longer,
 * capped at a day); null when the schedule is spent and the delivery is given up.
 */
export const retryWaitMs = (
  failed: number,
  retryAfter: number | null,
  random: () => number = Math.random,
): number | null => {
  const step = WEBHOOK_RETRY_SCHEDULE_MS[failed - 1];
  if (step === undefined) return null;
  const wait = Math.round(step * (1 + RETRY_JITTER * random()));
  return retryAfter !== null && retryAfter > wait ? Math.min(retryAfter, RETRY_AFTER_MAX_MS) : wait;
};
