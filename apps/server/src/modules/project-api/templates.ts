import type { ProjectApiTemplatesQuery, ProjectApiTemplatesResponse } from '@pc/contract';
import { badRequest } from '../../platform/errors/app-error.js';
import type { ProjectApiCtx } from './context.js';
import type { ProjectApiCaller } from './guard.js';
import { approvedTemplatesPage } from './queries.js';
import { summaryOf } from './template-shape.js';

const invalidCursor = 'Invalid cursor: pass the next value of the previous page as after.';

/** The page cursor: the last template's name and language (unique among the project's templates at Meta). */
const cursorOf = (t: { name: string; language: string }) =>
  Buffer.from(JSON.stringify([t.name, t.language])).toString('base64url');

const readCursor = (after: string): { name: string; language: string } => {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    const fair = (v: unknown) => typeof v === 'string' && v.length <= 600 && !v.includes('\u0000');
    if (Array.isArray(value) && value.length === 2 && value.every(fair))
      return { name: value[0] as string, language: value[1] as string };
  } catch {
    // falls through to the refusal
  }
  throw badRequest(invalidCursor, { after: invalidCursor });
};

/** GET /api/v1/templates: the project's APPROVED templates by name and language, a page at a time. */
export const listApprovedTemplates = async (
  ctx: ProjectApiCtx,
  caller: ProjectApiCaller,
  query: ProjectApiTemplatesQuery,
): Promise<ProjectApiTemplatesResponse> => {
  const { project } = caller;
  const after = query.after ? readCursor(query.after) : null;
  const rows = await approvedTemplatesPage(ctx.db, project.partnerId, project.id, query.limit, after);
  const page = rows.slice(0, query.limit);
  return {
    templates: page.map(summaryOf),
    next: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
  };
};
