/** Query keys of businesses and the plan catalogue; every business query starts with businessKeys.all. */
export const businessKeys = {
  all: ['businesses'] as const,
  list: (tab: string, sort: string, from: string, to: string, page: number) =>
    [...businessKeys.all, 'list', tab, sort, from, to, page] as const,
  search: (text: string, sort: string) => [...businessKeys.all, 'search', text, sort] as const,
  counts: () => [...businessKeys.all, 'counts'] as const,
  picker: () => [...businessKeys.all, 'picker'] as const,
  detail: (id: string) => [...businessKeys.all, 'detail', id] as const,
  projects: (id: string, name: string) => [...businessKeys.all, 'projects', id, name] as const,
};

export const planKeys = {
  all: ['plan-catalogue'] as const,
  families: () => [...planKeys.all, 'families'] as const,
  wcc: () => [...planKeys.all, 'wcc'] as const,
  payments: () => [...planKeys.all, 'payments'] as const,
};
