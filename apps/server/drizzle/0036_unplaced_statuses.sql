-- What Meta's webhooks say that the console cannot charge, kept for the super-admin: statuses of messages no project of the console sent (or of a project that is gone), once per message and status; and priced messages whose Meta category the console does not know (flagged, with a partial index so that listing them reads only them).
CREATE TABLE "unplaced_message_statuses" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"recipient" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"report" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "meta_category_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "unplaced_message_statuses_message_idx" ON "unplaced_message_statuses" USING btree ("message_id","status");--> statement-breakpoint
CREATE INDEX "unplaced_message_statuses_received_idx" ON "unplaced_message_statuses" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "conversations_meta_category_unknown_idx" ON "conversations" USING btree ("started_at") WHERE "conversations"."meta_category_unknown";--> statement-breakpoint
-- The messages already kept that way: Meta's categories the console knew at this migration (modules/charging/meta-pricing.ts).
UPDATE "conversations" SET "meta_category_unknown" = true
WHERE "pricing_model" = 'PMP' AND "billing_status" = 'FREE' AND "meta_pricing" IS NOT NULL
  AND lower(trim("meta_pricing"->>'category')) NOT IN ('marketing', 'marketing_lite', 'group_marketing', 'utility', 'group_utility', 'authentication', 'authentication-international', 'authentication_international', 'service', 'group_service', 'referral_conversion');