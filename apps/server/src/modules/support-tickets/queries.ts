import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { openTicketStatuses, ticketStatuses, type TicketStatus } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { partners, projects, supportTickets, templates } from '../../platform/db/schema.js';
import { lockById } from '../../platform/db/partner-of.js';

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicketRow = typeof supportTickets.$inferInsert;

const t = supportTickets;
/** Newest first; tickets raised in one instant keep one order by id. */
const newestFirst = [desc(t.createdAt), desc(t.id)];

export const insertTicket = async (tx: DbOrTx, row: NewTicketRow): Promise<TicketRow> =>
  (await tx.insert(t).values(row).returning())[0]!;

/** The project's open tickets, on the partner-leading index (partner, project, raised at). */
export const countOpenTickets = async (db: DbOrTx, partnerId: string, projectId: string): Promise<number> =>
  (
    await db
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.partnerId, partnerId), eq(t.projectId, projectId), inArray(t.status, [...openTicketStatuses])))
  )[0]?.n ?? 0;

/** One page of a project's tickets, and how many it has: always within the partner's own (the tenant floor). */
export const projectTicketsPage = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  skip: number,
  limit: number,
) => {
  const where = and(eq(t.partnerId, partnerId), eq(t.projectId, projectId));
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(skip),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
};

/** The ticket, locked until the transaction ends: two super-admins acting on it at once act one after the other. */
export const lockTicket = (tx: DbOrTx, ticketId: string): Promise<TicketRow | undefined> => lockById(tx, t, ticketId);

export const updateTicket = async (
  tx: DbOrTx,
  ticket: Pick<TicketRow, 'id' | 'partnerId'>,
  values: Partial<NewTicketRow>,
): Promise<TicketRow> =>
  (
    await tx
      .update(t)
      .set(values)
      .where(and(eq(t.partnerId, ticket.partnerId), eq(t.id, ticket.id)))
      .returning()
  )[0]!;

// ---- The super-admin's reads, across partners ----

/** The template a TEMPLATE_STATUS ticket is about (its id is in the request), the same partner's only. */
const askedTemplateId = sql`(${t.request} ->> 'templateId')`;

const adminColumns = {
  ticket: t,
  partnerName: partners.name,
  assistantName: projects.name,
  dailyTemplateLimit: projects.dailyTemplateLimit,
  templateStatus: templates.status,
  templateDeletedAt: templates.deletedAt,
};

const adminSelect = (db: DbOrTx) =>
  db
    .select(adminColumns)
    .from(t)
    .innerJoin(partners, eq(partners.id, t.partnerId))
    .innerJoin(projects, and(eq(projects.id, t.projectId), eq(projects.partnerId, t.partnerId)))
    .leftJoin(templates, and(eq(templates.partnerId, t.partnerId), eq(templates.id, askedTemplateId)));

export type AdminTicketRow = Awaited<ReturnType<ReturnType<typeof adminSelect>['execute']>>[number];

const adminFilter = (status: TicketStatus | undefined, partnerId: string | undefined): SQL | undefined =>
  and(status ? eq(t.status, status) : undefined, partnerId ? eq(t.partnerId, partnerId) : undefined);

/**
 * One page of one status's tickets, newest first. The page's ids are found on the tickets table
 * alone (the status index: status, raised at, id), and only those rows are joined.
 */
export const adminTicketsPage = async (
  db: DbOrTx,
  filter: { status: TicketStatus; partnerId?: string },
  skip: number,
  limit: number,
): Promise<AdminTicketRow[]> => {
  const page = db
    .select({ id: t.id })
    .from(t)
    .where(adminFilter(filter.status, filter.partnerId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(skip);
  return adminSelect(db)
    .where(inArray(t.id, page))
    .orderBy(...newestFirst);
};

/**
 * A ticket by its id; by its partner's too when the caller knows it (the mail job's payload), so that
 * on a distributed database the read goes to that partner's node alone (docs/scaling.md).
 */
export const adminTicketById = async (
  db: DbOrTx,
  ticketId: string,
  partnerId?: string,
): Promise<AdminTicketRow | undefined> =>
  (
    await adminSelect(db).where(
      and(partnerId === undefined ? undefined : eq(t.partnerId, partnerId), eq(t.id, ticketId)),
    )
  )[0];

/** Each status's count under the partner filter, in one pass (the tabs). */
export const ticketCounts = async (
  db: DbOrTx,
  partnerId: string | undefined,
): Promise<Record<TicketStatus, number>> => {
  const rows = await db
    .select({ status: t.status, n: count() })
    .from(t)
    .where(adminFilter(undefined, partnerId))
    .groupBy(t.status);
  const counts = Object.fromEntries(ticketStatuses.map((s) => [s, 0])) as Record<TicketStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as TicketStatus] = row.n;
  return counts;
};
