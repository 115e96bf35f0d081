import { and, desc, eq, gte, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { businesses, partners, projects, templates, wccFamilies } from '../../platform/db/schema.js';
import { loadPricingModels } from '../charging/pricing-models.js';
import { businessOfProject } from '../../platform/db/tenant-joins.js';

export type TemplateRow = typeof templates.$inferSelect;
export type NewTemplateRow = typeof templates.$inferInsert;

/** Every template query starts from the session's partner (the tenant floor). */
export const ofPartner = (partnerId: string, ...more: (SQL | undefined)[]): SQL =>
  and(eq(templates.partnerId, partnerId), ...more)!;

/**
 * The project with what templates need of it: the channel, and what prices a category for category
 * changes: its WCC family's prices, and the pricing models in force by its business's time zone
 * (read only for a project with a family: without one nothing is priced).
 */
export const findProject = async (db: DbOrTx, partnerId: string, projectId: string) => {
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      partnerArchived: projects.partnerArchived,
      isWhatsappVerified: projects.isWhatsappVerified,
      wabaAppId: projects.wabaAppId,
      currency: projects.currency,
      isoCode: projects.isoCode,
      prices: wccFamilies.prices,
      timezone: businesses.timezone,
    })
    .from(projects)
    .innerJoin(businesses, businessOfProject)
    .leftJoin(wccFamilies, and(eq(wccFamilies.id, projects.wccPlanId), eq(wccFamilies.partnerId, projects.partnerId)))
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)));
  return project && { ...project, models: project.prices ? await loadPricingModels(db) : [] };
};
export type TemplatesProject = NonNullable<Awaited<ReturnType<typeof findProject>>>;

export const findPartnerType = async (db: DbOrTx, partnerId: string) =>
  (await db.select({ type: partners.type }).from(partners).where(eq(partners.id, partnerId)))[0]?.type;

export const findTemplate = async (db: DbOrTx, partnerId: string, templateId: string) =>
  (
    await db
      .select()
      .from(templates)
      .where(ofPartner(partnerId, eq(templates.id, templateId)))
  )[0];

export const findProjectTemplate = async (db: DbOrTx, partnerId: string, projectId: string, templateId: string) =>
  (
    await db
      .select()
      .from(templates)
      .where(ofPartner(partnerId, eq(templates.projectId, projectId), eq(templates.id, templateId)))
  )[0];

/** A submitted (not deleted) template of this name and language in the project: Meta keeps one. */
export const nameInUse = async (db: DbOrTx, partnerId: string, projectId: string, name: string, language: string) =>
  (
    await db
      .select({ id: templates.id })
      .from(templates)
      .where(
        ofPartner(
          partnerId,
          eq(templates.projectId, projectId),
          eq(templates.name, name),
          eq(templates.language, language),
          ne(templates.status, 'DRAFT'),
          isNull(templates.deletedAt),
        ),
      )
      .limit(1)
  ).length > 0;

export const insertTemplate = async (db: DbOrTx, row: NewTemplateRow): Promise<TemplateRow> =>
  (await db.insert(templates).values(row).returning())[0]!;

/** Changes a draft of the project; undefined when there is no such draft (any more). */
export const updateDraft = async (
  db: DbOrTx,
  partnerId: string,
  projectId: string,
  draftId: string,
  values: Partial<NewTemplateRow>,
): Promise<TemplateRow | undefined> =>
  (
    await db
      .update(templates)
      .set(values)
      .where(
        ofPartner(
          partnerId,
          eq(templates.projectId, projectId),
          eq(templates.id, draftId),
          eq(templates.status, 'DRAFT'),
        ),
      )
      .returning()
  )[0];

export const deleteDraft = async (db: DbOrTx, partnerId: string, projectId: string, draftId: string) =>
  (
    await db
      .delete(templates)
      .where(
        ofPartner(
          partnerId,
          eq(templates.projectId, projectId),
          eq(templates.id, draftId),
          eq(templates.status, 'DRAFT'),
        ),
      )
      .returning({ id: templates.id })
  ).length > 0;

/** The names the project uses: every template but those deleted before `deletedSince`, newest first, at most `limit`. */
export const namesInUse = (db: DbOrTx, partnerId: string, projectId: string, deletedSince: Date, limit: number) =>
  db
    .select({
      id: templates.id,
      name: templates.name,
      language: templates.language,
      status: templates.status,
      deletedAt: templates.deletedAt,
    })
    .from(templates)
    .where(
      ofPartner(
        partnerId,
        eq(templates.projectId, projectId),
        or(isNull(templates.deletedAt), gte(templates.deletedAt, deletedSince)),
      ),
    )
    .orderBy(desc(templates.createdAt), desc(templates.id))
    .limit(limit);
