export type Job = { id: string; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number };
/**
 * What a handler may answer: nothing (done: the job is deleted), or `retryAt` to be run again then
 * (the job is kept, unlocked, and the run does not count as a failed attempt), or `ended` when it
 * ended the job itself, in the statement that wrote what the job did (with `jobEndsSql`), so that
 * its work and its end are one atomic write.
 */
export type JobResult = void | { retryAt: Date } | { ended: true };
/**
 * A job's work. It runs outside any transaction (network calls allowed); throwing retries it later.
 * `many`, when given, takes several claimed jobs of its kind at once and answers each one's outcome,
 * in their order: a handler can then read and write for all of them in one statement each, while
 * each job still ends on its own (a slow one holds up no other). The runner uses it when given.
 */
export type JobHandler = ((job: Job) => Promise<JobResult>) & {
  many?: (jobs: readonly Job[]) => Promise<JobResult>[];
  /**
   * How many jobs of this kind the runner keeps running at once, in a lane of their own (they take
   * none of the runner's `concurrency`): for a kind that waits on the network and comes in bursts,
   * so that a backlog of it neither waits behind the other kinds nor makes them wait.
   */
  concurrency?: number;
};
export type JobHandlers = Record<string, JobHandler>;
