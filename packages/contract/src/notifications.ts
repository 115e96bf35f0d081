import { z } from 'zod';
import { NotificationUnread } from './notification-unread.js';

/**
 * The notification list behind the bell: what today is a banner or an owner's mail, kept per partner
 * (for the whole team, or for one member), read and unread per member, and mailed to each member who
 * chose that kind. The kinds are the events the console tells about; a member picks kinds, not events.
 */
export const notificationKinds = [
  'LOW_BALANCE',
  'WALLET_LEVEL',
  'RENEWAL_DUE',
  'RENEWAL_FAILED',
  'WEBHOOK_DISABLED',
  'TEMPLATE_APPROVED',
  'TEMPLATE_REJECTED',
  'TEMPLATE_PAUSED',
  'TEMPLATE_RECATEGORISED',
  'PROJECT_BANNED',
  'PROJECT_QUALITY',
  'PROJECT_ACCOUNT',
  'TICKET_REPLY',
] as const;
export const NotificationKind = z.enum(notificationKinds, { error: 'Unknown notification kind' });
export type NotificationKind = z.infer<typeof NotificationKind>;

/**
 * The kinds that speak of the partner's money: a referral user sees no balance (doc 1 sections 1
 * and 6, as the banners), so neither lists nor is mailed these.
 */
export const moneyNotificationKinds: readonly NotificationKind[] = [
  'LOW_BALANCE',
  'WALLET_LEVEL',
  'RENEWAL_DUE',
  'RENEWAL_FAILED',
];

/** How each kind is named on the preferences page, in the order it lists them. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  LOW_BALANCE: 'Low central balance',
  WALLET_LEVEL: 'A warning level of the wallet crossed',
  RENEWAL_DUE: 'Partnership renewal due',
  RENEWAL_FAILED: 'Renewal failed (plan or partnership)',
  WEBHOOK_DISABLED: 'Webhook disabled',
  TEMPLATE_APPROVED: 'Template approved',
  TEMPLATE_REJECTED: 'Template rejected',
  TEMPLATE_PAUSED: 'Template paused or disabled',
  TEMPLATE_RECATEGORISED: 'Template re-categorised',
  PROJECT_BANNED: 'Project banned or reinstated by Meta',
  PROJECT_QUALITY: "Project's quality rating dropped or its limit changed",
  PROJECT_ACCOUNT: "Other notices on a project's WhatsApp account",
  TICKET_REPLY: 'Support ticket answered',
};

export const Notification = z.object({
  _id: z.string(),
  kind: NotificationKind,
  title: z.string(),
  body: z.string(),
  /** A page of the console (a path, e.g. "/wallet"), opened when the notification is clicked. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;

/** GET /api/notifications: newest first, `after` the id of the last one of the page before. */
export const NotificationListQuery = z.object({
  after: z
    .string()
    .regex(/^[\w-]{1,64}$/, { error: 'Invalid cursor' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

export const NotificationListResponse = NotificationUnread.extend({
  notifications: z.array(Notification),
  /** The cursor of the next page (`after`), null on the last. */
  next: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const NotificationIdParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, { error: 'Invalid id' }) });

/** The kinds the member also gets by mail (to the member's own address). */
export const NotificationPreferences = z.object({
  mail: z.array(NotificationKind).max(notificationKinds.length),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
