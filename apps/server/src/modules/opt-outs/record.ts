import type { DbOrTx } from '../../platform/db/open.js';
import type { UserPreferenceReport } from '../../providers/meta/messages/inbound.js';
import { projectsOfPhoneNumbers, writeOptOuts, type OptOutRow } from './queries.js';

/** How the projects of Meta's business numbers are found: projectsOfPhoneNumbers, or a test's own. */
export type ProjectsOfPhoneNumbers = typeof projectsOfPhoneNumbers;

/** Rows a batch writes at most: far below PostgreSQL's 65535 parameters of one statement. */
const BATCH = 1000;

const keyOf = (r: OptOutRow) => `${r.partnerId}\u0000${r.projectId}\u0000${r.recipient}`;

/** The later word of two on one key; at the same instant, the stop. */
const later = (a: OptOutRow, b: OptOutRow): OptOutRow => {
  const d = a.changedAt.getTime() - b.changedAt.getTime();
  if (d !== 0) return d > 0 ? a : b;
  return a.stopped ? a : b;
};

/**
 * Meta's `user_preferences` reports (providers/meta/messages/inbound.ts) applied to the projects of
 * their business numbers: a user who stopped marketing messages is refused marketing templates
 * until they resume. Each report is kept under every id it names the user by (phone digits and
 * business-scoped user id), since a send may name them by either. Idempotent and order-proof: a
 * repeat changes nothing, and a report older than the word kept is ignored. Reports of numbers no
 * project has are dropped. Answers how many rows changed.
 */
export const recordUserPreferences = async (
  db: DbOrTx,
  reports: readonly UserPreferenceReport[],
  projectOfPhoneNumber: ProjectsOfPhoneNumbers = projectsOfPhoneNumbers,
): Promise<number> => {
  if (reports.length === 0) return 0;
  const projects = await projectOfPhoneNumber(
    db,
    reports.map((r) => r.phoneNumberId),
  );
  const rows = new Map<string, OptOutRow>();
  for (const r of reports)
    for (const project of projects.get(r.phoneNumberId) ?? [])
      for (const recipient of [r.waId, r.userId]) {
        if (!recipient) continue;
        const row: OptOutRow = { ...project, recipient, stopped: r.value === 'stop', changedAt: new Date(r.timestamp) };
        const kept = rows.get(keyOf(row));
        rows.set(keyOf(row), kept ? later(kept, row) : row);
      }
  const all = [...rows.values()];
  let written = 0;
  for (let i = 0; i < all.length; i += BATCH) written += await writeOptOuts(db, all.slice(i, i + BATCH));
  return written;
};
