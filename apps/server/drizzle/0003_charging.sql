CREATE TABLE "analytics_day_usage" (
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"day_date" text NOT NULL,
	"variant" text NOT NULL,
	"metric" text NOT NULL,
	"country" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"credit_usage" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_days" (
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"day_date" text NOT NULL,
	"sent_chat_count" integer DEFAULT 0 NOT NULL,
	"delivered_chat_count" integer DEFAULT 0 NOT NULL,
	"read_chat_count" integer DEFAULT 0 NOT NULL,
	"failed_chat_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_partner_id_project_id_day_date_pk" PRIMARY KEY("partner_id","project_id","day_date")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"category" text NOT NULL,
	"initiator" text NOT NULL,
	"recipient" text NOT NULL,
	"country" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"billing_status" text NOT NULL,
	"balance" text,
	"billing_log_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_events" (
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"category" text NOT NULL,
	"initiator" text NOT NULL,
	"country" text NOT NULL,
	"recipient" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"conversation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_events_message_id_status_pk" PRIMARY KEY("message_id","status")
);
--> statement-breakpoint
ALTER TABLE "analytics_day_usage" ADD CONSTRAINT "analytics_day_usage_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_day_usage" ADD CONSTRAINT "analytics_day_usage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_day_usage_key" ON "analytics_day_usage" USING btree ("partner_id","project_id","day_date","variant","metric","country");--> statement-breakpoint
CREATE INDEX "analytics_day_usage_partner_day_idx" ON "analytics_day_usage" USING btree ("partner_id","day_date");--> statement-breakpoint
CREATE INDEX "analytics_days_partner_day_idx" ON "analytics_days" USING btree ("partner_id","day_date");--> statement-breakpoint
CREATE INDEX "conversations_window_idx" ON "conversations" USING btree ("partner_id","project_id","category","recipient","window_ends_at");--> statement-breakpoint
CREATE INDEX "conversations_partner_started_idx" ON "conversations" USING btree ("partner_id","started_at");--> statement-breakpoint
CREATE INDEX "message_events_partner_project_idx" ON "message_events" USING btree ("partner_id","project_id","occurred_at");