-- The bell's notification list (schema/notifications.ts): the notifications, each member's read marks, and
-- each member's settings (kinds also mailed, when all were marked read). Tenant tables, keyed by partner_id.
CREATE TABLE "notification_reads" (
	"partner_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_reads_pkey" PRIMARY KEY("partner_id","agent_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"partner_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"mail_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"read_all_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_pkey" PRIMARY KEY("partner_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"partner_id" text NOT NULL,
	"id" text NOT NULL,
	"agent_id" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_pkey" PRIMARY KEY("partner_id","id")
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_fk" FOREIGN KEY ("partner_id","notification_id") REFERENCES "public"."notifications"("partner_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("partner_id","dedupe_key");