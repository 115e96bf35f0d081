import {
  fromComponents,
  TEMPLATE_PAGE_SIZE,
  templateMessages,
  type CreateTemplateResponse,
  type DirectCreateTemplateRequest,
  type DirectListTemplatesResponse,
} from '@pc/contract';
import type { ActivityAuthor } from '../activity/record.js';
import type { TemplatesCtx } from './context.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { templateCount, templatePage, templatesAfter } from './list-queries.js';
import { directPartnerOrFail, projectOrFail, projectToActOn } from './project.js';
import { submitTemplate } from './submit.js';
import { templateOf } from './template-row.js';

/**
 * The DIRECT partners' template calls (doc 2 section 7.6): Meta's components in, the console's
 * template out; the project is looked up first (404), then the partner's type (400).
 */

/** Meta's components read as the dialog's input, then the same create as the console's. */
export const directCreate = async (
  ctx: TemplatesCtx,
  agent: ActivityAuthor,
  body: DirectCreateTemplateRequest,
): Promise<CreateTemplateResponse> => {
  await projectToActOn(ctx, agent.partnerId, body.projectId);
  await directPartnerOrFail(ctx, agent.partnerId);
  return submitTemplate(ctx, agent, body.projectId, fromComponents(body), templateMessages.submitSuccessful);
};

/** A page of the project's templates, newest first, after the cursor of the previous page. */
export const directList = async (
  ctx: TemplatesCtx,
  partnerId: string,
  projectId: string,
  body: { limit: number; after?: string },
): Promise<DirectListTemplatesResponse> => {
  const project = await projectOrFail(ctx, partnerId, projectId);
  await directPartnerOrFail(ctx, partnerId);
  const after = decodeCursor(body.after);
  // One more than the page tells whether another page follows.
  const [rows, total] = await Promise.all([
    templatesAfter(ctx.db, partnerId, project.id, after, body.limit + 1),
    templateCount(ctx.db, { partnerId, projectId: project.id }),
  ]);
  const page = rows.slice(0, body.limit);
  const now = ctx.now();
  return {
    templates: page.map((r) => templateOf(r.row, project, now)),
    after: rows.length > body.limit ? encodeCursor(page.at(-1)!.key) : '',
    totalprojects: total,
  };
};

/** The first 25 templates whose name or label holds the text, newest first, and how many there are. */
export const directSearch = async (
  ctx: TemplatesCtx,
  partnerId: string,
  body: { projectId: string; filter: string },
) => {
  const project = await projectOrFail(ctx, partnerId, body.projectId);
  await directPartnerOrFail(ctx, partnerId);
  const text = body.filter.trim();
  const filter = { partnerId, projectId: project.id, ...(text ? { text } : {}) };
  const [rows, total] = await Promise.all([
    templatePage(ctx.db, filter, 'dec', 0, TEMPLATE_PAGE_SIZE),
    templateCount(ctx.db, filter),
  ]);
  const now = ctx.now();
  return { templates: rows.map((r) => templateOf(r, project, now)), totalprojects: total };
};
