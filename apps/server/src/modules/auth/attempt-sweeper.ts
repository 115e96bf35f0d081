import type { Deps } from '../../deps.js';
import { longestWindowMs } from './limits.js';
import { sweepEndedWindows } from './throttle.js';

const EVERY_MS = 10 * 60_000;

/**
 * Keeps the attempt counters to the live ones (throttle.ts): every ten minutes, counters whose window
 * ended go. Several processes may sweep at once; the delete is harmless twice. Returns the stop function.
 */
export const startAttemptSweeper = (deps: Pick<Deps, 'db' | 'env' | 'now'>, log: (error: unknown) => void) => {
  const sweep = () => sweepEndedWindows(deps.db, new Date(deps.now().getTime() - longestWindowMs(deps.env))).catch(log);
  const timer = setInterval(() => void sweep(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};
