import { useSyncExternalStore } from 'react';
import { Tooltip } from './Tooltip';
import { exactDateTime, relativeDateTime, zonedDateTime } from './dateTimeText';

/**
 * The console's clock for relative times, to the half minute (so every date-time on screen reads the
 * same instant, and reading it twice in one render gives one answer): one timer for all of them,
 * running while one is shown ("5 minutes ago" becomes "6 minutes ago" without a reload).
 */
const TICK_MS = 30_000;
const getNow = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;
const listeners = new Set<() => void>();
let timer: number | undefined;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  timer ??= window.setInterval(() => listeners.forEach((l) => l()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size || timer === undefined) return;
    window.clearInterval(timer);
    timer = undefined;
  };
};

type Props = { value: string | number | Date | null | undefined; fallback?: string };

/**
 * An instant as the lists show it: within a day of now in words ("5 minutes ago", "in 2 hours"),
 * older or later as the long date and time with its time zone ("November 22, 2026 at 10:32 AM
 * GMT+5:30"); the exact time, to the second and with the zone, on hover and for screen readers.
 */
export const DateTime = ({ value, fallback = '-' }: Props) => {
  const at = useSyncExternalStore(subscribe, getNow, getNow);
  const date = value == null ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return <>{fallback}</>;
  const text = relativeDateTime(date, at) ?? zonedDateTime(date);
  return (
    <Tooltip title={exactDateTime(date)} describeChild>
      <time dateTime={date.toISOString()}>{text}</time>
    </Tooltip>
  );
};
