import { z } from 'zod';

/**
 * A partner's activity log: one entry per change a member of its team makes, written in the same
 * transaction as the change (who, when, from which address, what it was and what it became).
 * `action` names what was done; the owner (and roles with Activity View) reads it, filtered by
 * action, member and days, and downloads it as CSV. Secrets are never written in it: a secret's
 * change is recorded as `{ secret: 'rotated' }`.
 */
export const activityActions = [
  // Prices: the partner's own over the provider's
  'plan-family.create',
  'plan-family.update',
  'wcc-family.create',
  'wcc-family.update',
  'payment-plan.create',
  'payment-plan.update',
  'rate-card.family',
  'addon-plan.update',
  // The team
  'member.create',
  'member.update',
  'member.disable',
  'member.password',
  'role.create',
  'role.update',
  // The partner's account, brand and configuration
  'partner.profile',
  'partner.config',
  'partner.brand',
  'partner.billing-details',
  'payment-gateway.authorize',
  'payment-gateway.connect',
  'payment-gateway.disconnect',
  'wallet.threshold',
  'wallet.project-threshold',
  // Businesses
  'business.create',
  'business.update',
  'business.delete',
  'business.password-reset',
  // Projects
  'project.create',
  'project.update',
  'project.delete',
  'project.status',
  'project.migrate',
  'project.plan',
  'project.wcc-plan',
  'project.agents',
  'project.addon',
  'project.defaults',
  'project.stop-billing',
  'project.reactivate',
  'project.link',
  'project.kyc',
  'project.application-form',
  'project.business-profile',
  'project.phone',
  'project.sync',
  // Money moved to a project
  'credit.ad',
  'credit.pwc',
  'credit.wcc',
  // API credentials and webhooks
  'private-app.create',
  'private-app.update',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.enable',
  'webhook.secret',
  'webhook.replay',
  'webhook.test',
  'chat-webhook.secret',
  // Templates
  'template.submit',
  'template.edit',
  'template.draft',
  'template.draft-delete',
  'template.media',
  'template.sync',
  // Meta Ads
  'meta-ads.connect',
  'meta-ads.disconnect',
  'meta-ads.assets',
  'meta-ads.update',
  // Support
  'ticket.raise',
] as const;
export const ActivityAction = z.enum(activityActions);
export type ActivityAction = z.infer<typeof ActivityAction>;

/** What an entry is about: its kind and id, and a name to show (as it was when written). */
export const activityTargetKinds = [
  'partner',
  'member',
  'role',
  'business',
  'project',
  'plan',
  'webhook',
  'template',
  'ticket',
] as const;
export const ActivityTargetKind = z.enum(activityTargetKinds);
export type ActivityTargetKind = z.infer<typeof ActivityTargetKind>;

export const ActivityEntry = z.object({
  _id: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  action: ActivityAction,
  targetKind: ActivityTargetKind,
  targetId: z.string(),
  targetName: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The address the request came from (the real client's behind a trusted proxy). */
  address: z.string(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/**
 * GET /api/activity-log: the page's URL filters as its query (pages from 1; empty: any); from and
 * to are days, inclusive, read in the time zone `tz` minutes east of UTC sends (the user's own
 * days). With `Accept: text/csv` the answer is every matching entry as a CSV file.
 */
export const ActivityLogQuery = z
  .object({
    action: z.union([ActivityAction, z.literal('')], { error: 'Invalid action' }).default(''),
    member: z.string().max(100).default(''),
    from: z.union([z.iso.date(), z.literal('')], { error: 'Invalid date' }).default(''),
    to: z.union([z.iso.date(), z.literal('')], { error: 'Invalid date' }).default(''),
    tz: z.coerce.number().int().min(-840).max(840).default(0),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    rowsPerPage: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'The end date is before the start date.',
  });
export type ActivityLogQuery = z.input<typeof ActivityLogQuery>;
export const ActivityLogResponse = z.object({
  entries: z.array(ActivityEntry),
  total: z.number().int(),
  /** The team, for the filter by member: everyone who has an entry or is on the team now. */
  members: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ActivityLogResponse = z.infer<typeof ActivityLogResponse>;

/** The page's URL: the same filters, read leniently (a bad value is dropped, not an error). */
export const ActivityLogUrl = z.object({
  action: z.union([ActivityAction, z.literal('')]).catch(''),
  member: z.string().max(100).catch(''),
  from: z.union([z.iso.date(), z.literal('')]).catch(''),
  to: z.union([z.iso.date(), z.literal('')]).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ActivityLogUrl = z.infer<typeof ActivityLogUrl>;
