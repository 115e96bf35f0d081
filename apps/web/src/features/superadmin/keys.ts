export const adminKeys = {
  all: ['superadmin'] as const,
  partners: () => [...adminKeys.all, 'partners'] as const,
  catalogue: () => [...adminKeys.all, 'catalogue'] as const,
};
