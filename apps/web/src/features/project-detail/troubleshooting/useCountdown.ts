import { useEffect, useState } from 'react';

/** The time left until `at` as "2 h 05 min" (or "45 s" in the last minute), ticking; null once it has passed. */
export const useCountdown = (at: string | null): string | null => {
  const [now, setNow] = useState(() => Date.now());
  const target = at ? new Date(at).getTime() : null;
  useEffect(() => {
    if (target === null || target <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  if (target === null || target <= now) return null;
  return countdownText(target - now);
};

export const countdownText = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  if (s < 60) return `${s} s`;
  const minutes = Math.ceil(s / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
};
