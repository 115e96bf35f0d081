import { formatCount, WEBHOOK_RETRY_SCHEDULE_MS } from '@pc/contract';

const units = [
  { ms: 86_400_000, label: 'd' },
  { ms: 3_600_000, label: 'h' },
  { ms: 60_000, label: 'min' },
  { ms: 1_000, label: 's' },
] as const;

/**
 * A length of time in its units, largest first: 5 s, 5 min, 2 h, 1 h 30 min. Under a second it is
 * milliseconds. (The contract's formatting layer has dates and counts but no durations yet: this
 * belongs beside formatDateTime in `format.ts`.)
 */
export const formatDuration = (ms: number): string => {
  if (ms < 1_000) return `${formatCount(Math.max(0, Math.round(ms)))} ms`;
  let left = Math.round(ms / 1_000) * 1_000;
  const parts: string[] = [];
  for (const unit of units) {
    const n = Math.floor(left / unit.ms);
    if (n > 0) parts.push(`${formatCount(n)} ${unit.label}`);
    left -= n * unit.ms;
  }
  return parts.join(' ');
};

/** The waits between attempts as a list: '5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 1 d'. */
export const retryScheduleText = (schedule: readonly number[] = WEBHOOK_RETRY_SCHEDULE_MS): string =>
  schedule.map(formatDuration).join(', ');

/** How long a webhook failed before it was disabled, in whole hours: the whole schedule (75 h and some minutes). */
export const failingHours = (schedule: readonly number[] = WEBHOOK_RETRY_SCHEDULE_MS): number =>
  Math.floor(schedule.reduce((sum, wait) => sum + wait, 0) / 3_600_000);
