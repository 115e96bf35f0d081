export const analyticsKeys = {
  all: ['analytics'] as const,
  range: (startDate: string, endDate: string, projectId: string | undefined) =>
    [...analyticsKeys.all, startDate, endDate, projectId ?? 'all'] as const,
};
