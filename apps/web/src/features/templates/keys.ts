import type { TemplateListUrl } from '@pc/contract';

/** The list's filters as a key part: everything but the page. */
export type TemplateListFilters = Pick<TemplateListUrl, 'q' | 'from' | 'to' | 'sort'>;

export const templateKeys = {
  all: ['templates'] as const,
  /** Everything of one project's templates: invalidated after a create, a sync or a draft change. */
  project: (projectId: string) => [...templateKeys.all, 'project', projectId] as const,
  /** One key per page and filters: a page already held is not fetched again. */
  page: (projectId: string, filters: TemplateListFilters, page: number) =>
    [...templateKeys.project(projectId), 'page', filters, page] as const,
  /** DIRECT partners: the cursor pages of 10, held together. */
  direct: (projectId: string) => [...templateKeys.project(projectId), 'direct'] as const,
  directSearch: (projectId: string, q: string) => [...templateKeys.project(projectId), 'direct-search', q] as const,
  lintContext: (projectId: string) => [...templateKeys.project(projectId), 'lint-context'] as const,
  detail: (templateId: string) => [...templateKeys.all, 'detail', templateId] as const,
};
