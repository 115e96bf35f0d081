export const adminKeys = {
  all: ['superadmin'] as const,
  partners: () => [...adminKeys.all, 'partners'] as const,
};
