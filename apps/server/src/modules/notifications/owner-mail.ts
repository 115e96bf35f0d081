import { and, eq } from 'drizzle-orm';
import type { NotificationKind } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { notificationSettings } from '../../platform/db/schema.js';
import { ownerOf } from '../partners/owner.js';

/**
 * The kinds the partner's owner has a mail of its own about, longer than the notification's (the
 * balance's forecast, the webhook's retry schedule, the template's new price, Meta's words, the
 * ticket's request): the owner's defaults, and for these kinds the owner gets that mail, never the
 * notification's shorter one as well.
 */
export const ownerMailKinds: readonly NotificationKind[] = [
  'WALLET_LEVEL',
  'WEBHOOK_DISABLED',
  'TEMPLATE_RECATEGORISED',
  'PROJECT_BANNED',
  'PROJECT_QUALITY',
  'PROJECT_ACCOUNT',
  'TICKET_REPLY',
];

/** The kinds a member gets by mail: the saved list, or the defaults (the owner's own mails; nothing for the rest). */
export const mailKindsOf = (saved: string[] | null | undefined, isOwner: boolean): NotificationKind[] =>
  (saved ?? (isOwner ? ownerMailKinds : [])) as NotificationKind[];

/**
 * The owner, when it wants its own mail of `kind` (a job asks as it runs, so a box unticked since
 * the event counts); undefined when it does not, or the partner has no enabled owner.
 */
export const ownerMailedAbout = async (db: DbOrTx, partnerId: string, kind: NotificationKind) => {
  const owner = await ownerOf(db, partnerId);
  if (!owner) return undefined;
  const [row] = await db
    .select({ mailKinds: notificationSettings.mailKinds })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.partnerId, partnerId), eq(notificationSettings.agentId, owner.id)));
  return mailKindsOf(row?.mailKinds, true).includes(kind) ? owner : undefined;
};
