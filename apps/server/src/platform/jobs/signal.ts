/**
 * An in-process "look now" signal for the job runner: code that committed a job fires `kick()`
 * after the commit, and the runner of this process claims at once instead of at its next poll.
 * Other processes on the same PostgreSQL still find the job at their poll.
 */
const listeners = new Set<() => void>();

export const jobsSignal = {
  /** Something was committed to the jobs table: runners of this process look now. */
  kick: (): void => {
    for (const listener of listeners) listener();
  },
  /** Answers the unsubscribe. */
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
