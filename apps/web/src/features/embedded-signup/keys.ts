export const signupKeys = {
  all: ['embedded-signup'] as const,
  page: (partnerId: string) => [...signupKeys.all, 'page', partnerId] as const,
  logos: (partnerId: string) => [...signupKeys.all, 'logos', partnerId] as const,
  session: (token: string) => [...signupKeys.all, 'session', token] as const,
  /** The session read once on load to go on where a reloaded sign-up stands (null: start over). */
  resume: (token: string) => [...signupKeys.all, 'resume', token] as const,
  sandboxPhone: (token: string, number: string) => [...signupKeys.all, 'sandbox-phone', token, number] as const,
};
