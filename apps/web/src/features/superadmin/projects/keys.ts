import type { SuperadminProjectListRequest } from '@pc/contract';

/** The super-admin's project queries: a change of one project reads the list and the project again. */
export const superadminProjectKeys = {
  all: ['superadmin', 'projects'] as const,
  page: (body: SuperadminProjectListRequest) => [...superadminProjectKeys.all, 'page', body] as const,
  partners: () => [...superadminProjectKeys.all, 'partner-choices'] as const,
  project: (id: string) => [...superadminProjectKeys.all, 'project', id] as const,
};
