import { asc, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { templates } from '../../platform/db/schema.js';
import { ofPartner, type TemplateRow } from './queries.js';

/** What a template list is narrowed by; every condition is on the (partner, project, created_at, id) index. */
export type TemplateFilter = {
  partnerId: string;
  projectId: string;
  /** created_at in [from, toBefore). */
  from?: Date;
  toBefore?: Date;
  /** Typed text found anywhere in the name or the label, in any case. */
  text?: string;
};

/** A LIKE pattern matching the text anywhere, its own % _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const conditions = (f: TemplateFilter): SQL => {
  const pattern = f.text ? containsPattern(f.text) : null;
  return ofPartner(
    f.partnerId,
    eq(templates.projectId, f.projectId),
    f.from ? gte(templates.createdAt, f.from) : undefined,
    f.toBefore ? lt(templates.createdAt, f.toBefore) : undefined,
    pattern
      ? or(sql`lower(${templates.name}) like ${pattern}`, sql`lower(${templates.label}) like ${pattern}`)
      : undefined,
  );
};

export const templatePage = (db: DbOrTx, f: TemplateFilter, sort: 'asc' | 'dec', skip: number, limit: number) =>
  db
    .select()
    .from(templates)
    .where(conditions(f))
    .orderBy(
      ...(sort === 'asc'
        ? [asc(templates.createdAt), asc(templates.id)]
        : [desc(templates.createdAt), desc(templates.id)]),
    )
    .offset(skip)
    .limit(limit);

export const templateCount = async (db: DbOrTx, f: TemplateFilter): Promise<number> =>
  (await db.select({ n: count() }).from(templates).where(conditions(f)))[0]?.n ?? 0;

/** Where a keyset page ends: created_at in whole microseconds since the epoch (exact, unlike a JS Date) and the id. */
export type TemplateKey = { micros: string; id: string };

const microsOf = sql<string>`(extract(epoch from ${templates.createdAt}) * 1000000)::bigint::text`;

/** The next `limit` templates of the project after `after`, newest first (created_at desc, id desc). */
export const templatesAfter = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  after: TemplateKey | null,
  limit: number,
): Promise<{ row: TemplateRow; key: TemplateKey }[]> => {
  const rows = await db
    .select({ row: templates, micros: microsOf })
    .from(templates)
    .where(
      ofPartner(
        partnerId,
        eq(templates.projectId, projectId),
        after
          ? sql`(${templates.createdAt}, ${templates.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(templates.createdAt), desc(templates.id))
    .limit(limit);
  return rows.map((r) => ({ row: r.row, key: { micros: r.micros, id: r.row.id } }));
};
