import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { enqueue } from '../../platform/jobs/queue.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { dateUndatedAddons, renewAddons } from './addon-renewals.js';
import type { Fault } from './fault.js';
import { renewPartnership, utcDay } from './partnership.js';
import { renewPlan } from './plan-renewals.js';
import {
  dueAddonProjects,
  duePartners,
  duePlanProjects,
  PAGE,
  projectsWithUndatedAddons,
  type Cursor,
} from './queries.js';

export const RENEWALS_JOB = 'renewals.run';

export type RenewalsOutcome = {
  plans: { renewed: number; unpaid: number; stopped: number };
  addons: { renewed: number; paused: number; dated: number };
  partnerships: { charged: number; short: number };
  failed: number;
};

const count = <T extends string>(steps: T[], of: T) => steps.filter((s) => s === of).length;

/** Every row of a paged query, each handled before the next page is read after the last one. */
const eachPage = async <R, C>(
  read: (cursor: C | null) => Promise<R[]>,
  cursorOf: (row: R) => C,
  handle: (row: R) => Promise<void>,
) => {
  for (let cursor: C | null = null; ;) {
    const page = await read(cursor);
    for (const row of page) await handle(row);
    if (page.length < PAGE) return;
    cursor = cursorOf(page.at(-1)!);
  }
};

/**
 * One run over everything due at `deps.now()`: plans first (the partner's clients' service), then
 * add-ons, then partnership fees, each item on its own (one failing does not stop the others; the
 * first failure is thrown at the end, so the jobs table logs it and tries again soon). Each page of
 * due rows is read by index, oldest date first, and each item is renewed in its own transactions.
 * `datePeriods`: first give a date to ACTIVE add-ons that have none (not indexed: once per process).
 */
export const runRenewals = async (
  deps: Deps,
  opts: { fault?: Fault; datePeriods?: boolean } = {},
): Promise<RenewalsOutcome> => {
  const now = deps.now();
  const out: RenewalsOutcome = {
    plans: { renewed: 0, unpaid: 0, stopped: 0 },
    addons: { renewed: 0, paused: 0, dated: 0 },
    partnerships: { charged: 0, short: 0 },
    failed: 0,
  };
  let failure: unknown = null;
  const each = async (run: () => Promise<void>) => {
    await run().catch((error: unknown) => {
      failure ??= error;
      out.failed += 1;
    });
  };

  const byDate = (r: { id: string; at: string }): Cursor => ({ at: r.at, id: r.id });
  const byId = (r: { id: string }) => r.id;
  if (opts.datePeriods)
    await eachPage(
      (last) => projectsWithUndatedAddons(deps.db, last),
      byId,
      (p) =>
        each(async () => {
          if (await dateUndatedAddons(deps, p.id, now)) out.addons.dated += 1;
        }),
    );
  await eachPage(
    (cursor) => duePlanProjects(deps.db, now, cursor),
    byDate,
    (p) =>
      each(async () => {
        const steps = await renewPlan(deps, p.id, now, opts.fault);
        out.plans.renewed += count(steps, 'renewed');
        out.plans.unpaid += count(steps, 'unpaid');
        out.plans.stopped += count(steps, 'stopped');
      }),
  );
  await eachPage(
    (cursor) => dueAddonProjects(deps.db, now, cursor),
    byDate,
    (p) =>
      each(async () => {
        const steps = await renewAddons(deps, p.id, now, opts.fault);
        out.addons.renewed += count(steps, 'renewed');
        out.addons.paused += count(steps, 'paused');
      }),
  );
  await eachPage(
    (last) => duePartners(deps.db, utcDay(now), last),
    byId,
    (p) =>
      each(async () => {
        const steps = await renewPartnership(deps, p.id, now, opts.fault);
        out.partnerships.charged += count(steps, 'charged');
        out.partnerships.short += count(steps, 'short');
      }),
  );

  if (failure) throw failure;
  return out;
};

/**
 * The job keeps its row and asks to run again in RENEWALS_MINUTES. The jobs table gives a run to one
 * process at a time (its key keeps one pending); should a run outlive its lease and a second start,
 * each renewal still locks its row and re-checks it is due, and its ledger key charges a period once.
 */
export const renewalsJobs = (deps: Deps): JobHandlers => {
  let periodsDated = false;
  return {
    [RENEWALS_JOB]: async () => {
      await runRenewals(deps, { datePeriods: !periodsDated });
      periodsDated = true;
      return { retryAt: new Date(deps.now().getTime() + deps.env.RENEWALS_MINUTES * 60_000) };
    },
  };
};

/** Makes sure the renewals job exists (at start; a second call, or a second server, adds nothing). */
export const ensureRenewalsScheduled = (db: DbOrTx, now: Date) =>
  enqueue(db, { kind: RENEWALS_JOB, payload: {}, runAt: now, key: RENEWALS_JOB, maxAttempts: 1000 });
