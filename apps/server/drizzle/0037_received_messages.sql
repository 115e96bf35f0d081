-- Users' messages received per project and day, beside the sent, delivered, read and failed counts of the business's messages: Analytics shows them as service traffic. Days before this migration are counted from the kept users' messages.
ALTER TABLE "analytics_days" ADD COLUMN "received_chat_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "analytics_days" ("partner_id", "project_id", "day_date", "received_chat_count")
SELECT "partner_id", "project_id", to_char("received_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)::int
FROM "inbound_messages"
GROUP BY 1, 2, 3
ON CONFLICT ("partner_id", "project_id", "day_date") DO UPDATE SET "received_chat_count" = excluded."received_chat_count";
