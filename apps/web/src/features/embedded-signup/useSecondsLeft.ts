import { useEffect, useState } from 'react';

/**
 * Whole seconds left of `seconds` counted from the first render, ticking; 0 once they have passed.
 * A new countdown is a new component (a `key`).
 */
export const useSecondsLeft = (seconds: number): number => {
  const [until] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
};
