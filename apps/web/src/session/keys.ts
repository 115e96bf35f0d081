export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  partner: () => [...sessionKeys.all, 'partner'] as const,
};
