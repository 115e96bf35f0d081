CREATE TABLE "businesses" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"display_name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'BUSINESS' NOT NULL,
	"password_hash" text,
	"archived" boolean DEFAULT false NOT NULL,
	"website" text,
	"description" text,
	"industry" text,
	"company_size" text,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"country_code" text NOT NULL,
	"gst_number" text,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"referral_agent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plan_families" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"slabs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_families" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"plans" jsonb NOT NULL,
	"default_plan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wcc_families" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"prices" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"partner_archived" boolean DEFAULT false NOT NULL,
	"is_whatsapp_verified" boolean DEFAULT false NOT NULL,
	"whatsapp_number" text,
	"active_plan" text DEFAULT 'NONE' NOT NULL,
	"family_id" text,
	"wcc_plan_id" text,
	"payment_plan_id" text,
	"subscription_scheduled" jsonb,
	"is_trial" boolean DEFAULT false NOT NULL,
	"is_api_trial" boolean DEFAULT false NOT NULL,
	"first_paid_plan_started_on" timestamp with time zone,
	"plan_activated_on" timestamp with time zone,
	"plan_renewal_on" timestamp with time zone,
	"plan_stopped_on" timestamp with time zone,
	"template_credit" bigint DEFAULT 0 NOT NULL,
	"partner_whatsapp_credit" bigint DEFAULT 0 NOT NULL,
	"meta_ads_credit" bigint DEFAULT 0 NOT NULL,
	"max_agents" integer DEFAULT 5 NOT NULL,
	"iso_code" text,
	"waba_number_id" text,
	"waba_app_id" text,
	"waba_progress_step" integer DEFAULT 0 NOT NULL,
	"waba_deleted" boolean DEFAULT false NOT NULL,
	"waba_ban_state" text,
	"waba_ban_date" timestamp with time zone,
	"channel_activated_on" timestamp with time zone,
	"messaging_limit" text,
	"quality_rating" text,
	"fb_manager_verified" boolean DEFAULT false NOT NULL,
	"fb_business_id" text,
	"fb_business_name" text,
	"last_channel_sync_at" timestamp with time zone,
	"whatsapp_display_name" text,
	"display_name_status" text,
	"whatsapp_about" text,
	"whatsapp_display_image" text,
	"business_profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bvbp_process" integer DEFAULT 0 NOT NULL,
	"kyc_remark" text,
	"api_form_details" jsonb,
	"ad_setup_details" jsonb,
	"addons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"project_id" text,
	"business_id" text,
	"balance" text NOT NULL,
	"action" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"reason_code" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"business_name" text,
	"project_name" text,
	"payment_id" text,
	"order_id" text,
	"invoice_id" text,
	"invoice_link" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"gst_number" text NOT NULL,
	"file_id" text NOT NULL,
	"consent" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"project_id" text,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "plan_type" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "default_plan_family" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "default_plan_name" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "default_wcc_plan" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "default_whatsapp_payments_plan" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_referral_agent_id_agents_id_fk" FOREIGN KEY ("referral_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_families" ADD CONSTRAINT "payment_plan_families_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_families" ADD CONSTRAINT "plan_families_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wcc_families" ADD CONSTRAINT "wcc_families_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_family_id_plan_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."plan_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_wcc_plan_id_wcc_families_id_fk" FOREIGN KEY ("wcc_plan_id") REFERENCES "public"."wcc_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_payment_plan_id_payment_plan_families_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plan_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_logs" ADD CONSTRAINT "billing_logs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "businesses_partner_tab_idx" ON "businesses" USING btree ("partner_id","archived","created_at","id");--> statement-breakpoint
CREATE INDEX "businesses_partner_created_idx" ON "businesses" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "businesses_partner_name_idx" ON "businesses" USING btree ("partner_id",lower("display_name"));--> statement-breakpoint
CREATE INDEX "businesses_referral_idx" ON "businesses" USING btree ("referral_agent_id");--> statement-breakpoint
CREATE INDEX "payment_plan_families_partner_idx" ON "payment_plan_families" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_families_partner_idx" ON "plan_families" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "wcc_families_partner_idx" ON "wcc_families" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_partner_created_idx" ON "projects" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_partner_live_idx" ON "projects" USING btree ("partner_id","is_whatsapp_verified","created_at");--> statement-breakpoint
CREATE INDEX "projects_partner_plan_idx" ON "projects" USING btree ("partner_id","active_plan","created_at");--> statement-breakpoint
CREATE INDEX "projects_partner_status_idx" ON "projects" USING btree ("partner_id","status","partner_archived");--> statement-breakpoint
CREATE INDEX "projects_partner_activated_idx" ON "projects" USING btree ("partner_id","plan_activated_on");--> statement-breakpoint
CREATE INDEX "projects_partner_name_idx" ON "projects" USING btree ("partner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "projects_business_idx" ON "projects" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_logs_partner_created_idx" ON "billing_logs" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_logs_project_idx" ON "billing_logs" USING btree ("partner_id","project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_logs_idempotency_key" ON "billing_logs" USING btree ("partner_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "kyc_submissions_project_idx" ON "kyc_submissions" USING btree ("partner_id","project_id");--> statement-breakpoint
CREATE INDEX "stored_files_partner_idx" ON "stored_files" USING btree ("partner_id","created_at");