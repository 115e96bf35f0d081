CREATE TABLE "admin_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" text NOT NULL,
	"admin_name" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"partner_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"raised_by_id" text NOT NULL,
	"raised_by_name" text NOT NULL,
	"assigned_to_id" text,
	"assigned_to_name" text,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "addon_renewal_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "app_name" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "api_key_360_sealed" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "daily_template_limit" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "mac_quota" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "mac_usage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "disabled_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_logs" ADD COLUMN "amount_with_tax" bigint;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_partner_idx" ON "admin_audit_log" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_partner_idx" ON "support_tickets" USING btree ("partner_id","project_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_plan_renewal_idx" ON "projects" USING btree ("plan_renewal_on") WHERE "projects"."plan_renewal_on" is not null;--> statement-breakpoint
CREATE INDEX "projects_addon_renewal_idx" ON "projects" USING btree ("addon_renewal_on") WHERE "projects"."addon_renewal_on" is not null;