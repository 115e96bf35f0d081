-- Meta's account and number webhooks: each delivery kept as it came, and what the console keeps of them on the project.
CREATE TABLE "meta_account_events" (
	"id" text PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"field" text NOT NULL,
	"waba_id" text,
	"happened_at" timestamp with time zone NOT NULL,
	"partner_id" text,
	"project_id" text,
	"outcome" text NOT NULL,
	"value" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "meta_account" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "meta_account_events_digest_idx" ON "meta_account_events" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "meta_account_events_project_idx" ON "meta_account_events" USING btree ("partner_id","project_id","happened_at");--> statement-breakpoint
CREATE INDEX "meta_account_events_waba_idx" ON "meta_account_events" USING btree ("waba_id","happened_at");--> statement-breakpoint
CREATE INDEX "projects_waba_idx" ON "projects" USING btree ("waba_app_id") WHERE "projects"."waba_app_id" is not null;