import { z } from 'zod';

/**
 * A role's permission tree as the API carries it (spec doc 1 section 3); what each section means
 * and the rules on it are in permissions.ts. Apart from those rules so that a page checking a
 * permission does not load zod for it (docs/benchmarks.md).
 */
export const ReadFlag = z.object({ read: z.boolean() });
export const ReadWriteFlags = z.object({ read: z.boolean(), write: z.boolean() });

export const AccessLevel = z.object({
  dashboard: ReadFlag,
  business: ReadWriteFlags,
  plans: ReadWriteFlags,
  billings: ReadFlag,
  manage: ReadWriteFlags,
  /** The team's activity log (ours, not the spec's tree): absent on roles saved before it, which then do not see it. */
  activity: ReadFlag.default({ read: false }),
});
export type AccessLevel = z.infer<typeof AccessLevel>;
