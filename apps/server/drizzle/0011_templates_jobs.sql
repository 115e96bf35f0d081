CREATE TABLE "sandbox_meta_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"waba_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"components" jsonb NOT NULL,
	"status" text NOT NULL,
	"rejected_reason" text DEFAULT 'NONE' NOT NULL,
	"previous_category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"sample_message" text DEFAULT '' NOT NULL,
	"header_text" text DEFAULT '' NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"action_type" text DEFAULT 'None' NOT NULL,
	"call_to_action" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quick_replies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_click_tracking_enabled" boolean DEFAULT false NOT NULL,
	"sample_media_url" text DEFAULT '' NOT NULL,
	"sample_cta_url" text DEFAULT '' NOT NULL,
	"template_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"rejected_reason" text DEFAULT '' NOT NULL,
	"provider_template_id" text,
	"previous_category" text,
	"category_changed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"key" text,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "last_template_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_meta_templates_name_uq" ON "sandbox_meta_templates" USING btree ("waba_id","name","language");--> statement-breakpoint
CREATE INDEX "templates_project_created_idx" ON "templates" USING btree ("partner_id","project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "templates_project_name_idx" ON "templates" USING btree ("partner_id","project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "templates_provider_idx" ON "templates" USING btree ("provider_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_live_name_uq" ON "templates" USING btree ("project_id","name","language") WHERE "templates"."status" <> 'DRAFT' and "templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_uq" ON "jobs" USING btree ("key") WHERE "jobs"."failed_at" is null;