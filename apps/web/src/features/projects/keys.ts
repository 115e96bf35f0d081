import type { ProjectCountsRequest, ProjectListRequest } from '@pc/contract';

export const projectListKeys = {
  all: ['projects'] as const,
  /** One key per page: a page already held is not fetched again. */
  page: (referral: boolean, sort: string, body: ProjectListRequest) =>
    [...projectListKeys.all, 'list', referral, sort, body] as const,
  counts: (referral: boolean, body: ProjectCountsRequest) =>
    [...projectListKeys.all, 'counts', referral, body] as const,
};
