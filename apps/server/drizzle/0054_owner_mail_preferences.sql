-- The owner's own mails (wallet level, webhook disabled, template re-categorised, Meta's account news,
-- ticket closed) follow its mail preferences (modules/notifications/owner-mail.ts). A null list is the
-- member's defaults: the owner's are those kinds, everyone else's none.
ALTER TABLE "notification_settings" ALTER COLUMN "mail_kinds" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notification_settings" ALTER COLUMN "mail_kinds" DROP NOT NULL;--> statement-breakpoint
-- Until now an empty list (a row "Mark all as read" made, or every box unticked) still left the owner
-- its own mails: it becomes the defaults, which keep them, and is the same nothing for everyone else.
UPDATE "notification_settings" SET "mail_kinds" = NULL WHERE "mail_kinds" = '{}'::text[];--> statement-breakpoint
-- An owner who ticked kinds kept its own mails beside them: they are added to its list.
UPDATE "notification_settings" AS s
SET "mail_kinds" = s."mail_kinds" || array(
  SELECT k FROM unnest(ARRAY['WALLET_LEVEL','WEBHOOK_DISABLED','TEMPLATE_RECATEGORISED','PROJECT_BANNED','PROJECT_QUALITY','PROJECT_ACCOUNT','TICKET_REPLY']::text[]) AS k
  WHERE NOT k = ANY(s."mail_kinds")
)
FROM "agents" AS a
WHERE a."partner_id" = s."partner_id" AND a."id" = s."agent_id" AND a."agent_role" = 'OWNER'
  AND s."mail_kinds" IS NOT NULL;
