import type { ProjectCountsRequest, ProjectListRequest } from '@pc/contract';

export const projectListKeys = {
  all: ['projects'] as const,
  /** One key per page: a page already held is not fetched again. */
  page: (referralId: string | null, sort: string, body: ProjectListRequest) =>
    [...projectListKeys.all, 'list', referralId, sort, body] as const,
  counts: (referralId: string | null, body: ProjectCountsRequest) =>
    [...projectListKeys.all, 'counts', referralId, body] as const,
};
