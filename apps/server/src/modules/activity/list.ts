import type { z } from 'zod';
import type {
  ActivityAction,
  ActivityEntry,
  ActivityLogQuery,
  ActivityLogResponse,
  ActivityTargetKind,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { partnerAuditLog } from '../../platform/db/schema.js';
import { activityBatches, activityCount, activityMembers, activityPage, type ActivityFilter } from './queries.js';

type Query = z.output<typeof ActivityLogQuery>;
const DAY = 86_400_000;

/** The user's days as instants: a day starts at its midnight in the zone `tz` minutes east of UTC. */
const dayStart = (day: string, tz: number) => new Date(Date.parse(`${day}T00:00:00Z`) - tz * 60_000);

export const filterOf = (partnerId: string, q: Query): ActivityFilter => ({
  partnerId,
  action: q.action || undefined,
  memberId: q.member || undefined,
  from: q.from ? dayStart(q.from, q.tz) : undefined,
  toBefore: q.to ? new Date(dayStart(q.to, q.tz).getTime() + DAY) : undefined,
});

export const toEntry = (row: typeof partnerAuditLog.$inferSelect): ActivityEntry => ({
  _id: row.id,
  memberId: row.memberId,
  memberName: row.memberName,
  action: row.action as ActivityAction,
  targetKind: row.targetKind as ActivityTargetKind,
  targetId: row.targetId,
  targetName: row.targetName,
  before: row.before ?? null,
  after: row.after ?? null,
  address: row.address,
  createdAt: row.createdAt.toISOString(),
});

/** A page of the partner's activity log, newest first, with its total and the team to filter by. */
export const listActivity = async (deps: Deps, partnerId: string, q: Query): Promise<ActivityLogResponse> => {
  const filter = filterOf(partnerId, q);
  const [rows, total, members] = await Promise.all([
    activityPage(deps.db, filter, (q.page - 1) * q.rowsPerPage, q.rowsPerPage),
    activityCount(deps.db, filter),
    activityMembers(deps.db, partnerId),
  ]);
  return { entries: rows.map(toEntry), total, members };
};

/** The CSV's columns: one line per entry, its changes as JSON (a spreadsheet shows them whole). */
export const ACTIVITY_CSV_HEADER = [
  'When (UTC)',
  'Member',
  'Member id',
  'Action',
  'Target kind',
  'Target id',
  'Target',
  'Before',
  'After',
  'Address',
] as const;

export async function* activityCsvRows(deps: Deps, partnerId: string, q: Query): AsyncGenerator<unknown[][]> {
  for await (const batch of activityBatches(deps.db, filterOf(partnerId, q)))
    yield batch.map((row) => {
      const e = toEntry(row);
      return [
        e.createdAt,
        e.memberName,
        e.memberId,
        e.action,
        e.targetKind,
        e.targetId,
        e.targetName,
        e.before ? JSON.stringify(e.before) : '',
        e.after ? JSON.stringify(e.after) : '',
        e.address,
      ];
    });
}
