export const teamKeys = {
  all: ['team'] as const,
  agents: (partnerId: string) => [...teamKeys.all, 'agents', partnerId] as const,
};
