import {
  dayRangeTexts,
  isCalendarDay,
  TEMPLATE_NAME_REUSE_DAYS,
  TEMPLATE_PAGE_SIZE,
  TemplateStatus,
  type Template,
  type TemplateLintContextResponse,
  type TemplateListRequest,
  type TemplateListResponse,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import type { TemplatesCtx } from './context.js';
import { templateCount, templatePage, type TemplateFilter } from './list-queries.js';
import { pricesByCategory } from './prices.js';
import { projectOrFail } from './project.js';
import { findProject, findTemplate, namesInUse } from './queries.js';
import { templateOf } from './template-row.js';

const DAY_MS = 86_400_000;
/** The lint's list of names in use stops here: a project with more templates is linted on its newest. */
const LINT_NAMES_MAX = 5_000;

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The Created At range as whole UTC days, both ends included; an empty end is no end. */
const createdRange = (fromDate?: string, toDate?: string): Pick<TemplateFilter, 'from' | 'toBefore'> => {
  const from = fromDate?.trim() || undefined;
  const to = toDate?.trim() || undefined;
  for (const [field, day] of [
    ['fromDate', from],
    ['toDate', to],
  ] as const)
    if (day !== undefined && !isCalendarDay(day))
      throw badRequest(dayRangeTexts.invalidDate, { [field]: dayRangeTexts.invalidDate });
  if (from && to && from > to) throw badRequest(dayRangeTexts.reversed, { fromDate: dayRangeTexts.reversed });
  return {
    ...(from ? { from: dayStart(from) } : {}),
    ...(to ? { toBefore: new Date(dayStart(to).getTime() + DAY_MS) } : {}),
  };
};

/**
 * A page of the project's templates, drafts included (doc 2 section 7.6): newest first unless
 * sort=asc. rowsPerPage 0 is the spec's search call: it pages by 25 too, never the whole table.
 */
export const listTemplates = async (
  ctx: TemplatesCtx,
  partnerId: string,
  body: TemplateListRequest,
  sort: 'asc' | 'dec',
): Promise<TemplateListResponse> => {
  const project = await projectOrFail(ctx, partnerId, body.assistantId);
  const text = body.filter?.trim();
  const filter: TemplateFilter = {
    partnerId,
    projectId: project.id,
    ...createdRange(body.fromDate, body.toDate),
    ...(text ? { text } : {}),
  };
  const limit = body.rowsPerPage === 0 ? TEMPLATE_PAGE_SIZE : body.rowsPerPage;
  const [rows, total] = await Promise.all([
    templatePage(ctx.db, filter, sort, body.skip, limit),
    templateCount(ctx.db, filter),
  ]);
  const now = ctx.now();
  return {
    templates: rows.map((r) => templateOf(r, project, now)),
    newSkip: body.skip + rows.length,
    totalprojects: total,
  };
};

/**
 * GET /api/{userId}/template-detials/{templateId} (doc 1 section 7): the user is the session's
 * own (its agent id, or its partner's id as some screens send); anyone else's answers 404.
 */
export const templateDetail = async (
  ctx: TemplatesCtx,
  agent: Pick<AgentViewer, 'partnerId' | 'agentId'>,
  userId: string,
  templateId: string,
): Promise<Template[]> => {
  if (userId !== agent.agentId && userId !== agent.partnerId) throw notFound();
  const row = await findTemplate(ctx.db, agent.partnerId, templateId);
  const project = row && (await findProject(ctx.db, agent.partnerId, row.projectId));
  if (!row || !project) throw notFound('Template not found.');
  return [templateOf(row, project, ctx.now())];
};

/** What the Create Template dialog lints against: the names the project uses (Meta's 30 days for deleted ones) and its prices. */
export const lintContext = async (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
): Promise<TemplateLintContextResponse> => {
  const project = await projectOrFail(ctx, partnerId, projectId);
  const now = ctx.now();
  const since = new Date(now.getTime() - TEMPLATE_NAME_REUSE_DAYS * DAY_MS);
  const names = await namesInUse(ctx.db, partnerId, project.id, since, LINT_NAMES_MAX);
  return {
    names: names.map((n) => ({
      id: n.id,
      name: n.name,
      language: n.language,
      status: TemplateStatus.safeParse(n.status).data ?? 'PENDING',
      deletedAt: n.deletedAt?.toISOString() ?? null,
    })),
    prices: pricesByCategory(project, now),
  };
};
