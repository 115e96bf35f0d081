export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
  usage: (fromDate: string, toDate: string) => [...dashboardKeys.all, 'usage', fromDate, toDate] as const,
};
