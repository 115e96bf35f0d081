-- Every tenant table keyed with its partner (issue 16, README "Scaling out"): primary keys, unique
-- indexes and foreign keys carry partner_id, so a database that spreads partners over nodes keeps
-- each partner's rows together. What must stay unique across partners (agents' sign-in names, ad
-- accounts) is claimed in platform_claims. Order: the claims and the new columns (backfilled from
-- their parents), then every foreign key and unique index that names an old key is dropped, the
-- keys are widened, and the foreign keys come back composite.
CREATE TABLE "platform_claims" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"partner_id" text NOT NULL,
	"holder_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_claims_pkey" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
ALTER TABLE "platform_claims" ADD CONSTRAINT "platform_claims_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "platform_claims_holder_idx" ON "platform_claims" USING btree ("holder_id");
--> statement-breakpoint
INSERT INTO "platform_claims" ("kind", "value", "partner_id", "holder_id", "created_at")
SELECT 'agent-user-name', lower("login_username"), "partner_id", "id", "created_at" FROM "agents"
UNION ALL SELECT 'agent-email', lower("email"), "partner_id", "id", "created_at" FROM "agents"
UNION ALL SELECT 'ad-account', lower("selected_ad_account_id"), "partner_id", "project_id", now()
  FROM "project_meta_ads" WHERE "selected_ad_account_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "partner_id" text;
--> statement-breakpoint
UPDATE "webhook_attempts" AS a SET "partner_id" = d."partner_id" FROM "webhook_deliveries" AS d WHERE d."id" = a."delivery_id";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "partner_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "project_api_idempotency_keys" ADD COLUMN "partner_id" text;
--> statement-breakpoint
UPDATE "project_api_idempotency_keys" AS r SET "partner_id" = p."partner_id" FROM "projects" AS p WHERE p."id" = r."project_id";
--> statement-breakpoint
ALTER TABLE "project_api_idempotency_keys" ALTER COLUMN "partner_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "registration_attempts" ADD COLUMN "partner_id" text;
--> statement-breakpoint
UPDATE "registration_attempts" AS r SET "partner_id" = p."partner_id" FROM "projects" AS p WHERE p."id" = r."project_id";
--> statement-breakpoint
ALTER TABLE "registration_attempts" ALTER COLUMN "partner_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "meta_ad_spend" ADD COLUMN "partner_id" text;
--> statement-breakpoint
UPDATE "meta_ad_spend" AS r SET "partner_id" = p."partner_id" FROM "projects" AS p WHERE p."id" = r."project_id";
--> statement-breakpoint
ALTER TABLE "meta_ad_spend" ALTER COLUMN "partner_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "businesses" DROP CONSTRAINT "businesses_referral_agent_id_agents_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_family_id_plan_families_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_wcc_plan_id_wcc_families_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_payment_plan_id_payment_plan_families_id_fk";
--> statement-breakpoint
ALTER TABLE "analytics_day_usage" DROP CONSTRAINT "analytics_day_usage_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "analytics_days" DROP CONSTRAINT "analytics_days_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "message_events" DROP CONSTRAINT "message_events_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "razorpay_auth_states" DROP CONSTRAINT "razorpay_auth_states_agent_id_agents_id_fk";
--> statement-breakpoint
ALTER TABLE "razorpay_connections" DROP CONSTRAINT "razorpay_connections_connected_by_agents_id_fk";
--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "private_apps" DROP CONSTRAINT "private_apps_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk";
--> statement-breakpoint
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "project_api_idempotency_keys" DROP CONSTRAINT "project_api_idempotency_keys_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "project_onboarding" DROP CONSTRAINT "project_onboarding_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "registration_attempts" DROP CONSTRAINT "registration_attempts_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "embedded_signups" DROP CONSTRAINT "embedded_signups_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "embedded_signups" DROP CONSTRAINT "embedded_signups_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "meta_ad_spend" DROP CONSTRAINT "meta_ad_spend_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "meta_ads" DROP CONSTRAINT "meta_ads_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "project_meta_ads" DROP CONSTRAINT "project_meta_ads_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_project_id_projects_id_fk";
--> statement-breakpoint
DROP INDEX "agents_login_username_key";
--> statement-breakpoint
DROP INDEX "agents_email_key";
--> statement-breakpoint
DROP INDEX "project_meta_ads_ad_account_idx";
--> statement-breakpoint
DROP INDEX "templates_live_name_uq";
--> statement-breakpoint
DROP INDEX "private_apps_project_uq";
--> statement-breakpoint
DROP INDEX "webhook_deliveries_event_uq";
--> statement-breakpoint
ALTER TABLE "message_events" DROP CONSTRAINT "message_events_message_id_status_pk";
--> statement-breakpoint
ALTER TABLE "project_api_idempotency_keys" DROP CONSTRAINT "project_api_idempotency_keys_project_id_key_pk";
--> statement-breakpoint
ALTER TABLE "meta_ad_spend" DROP CONSTRAINT "meta_ad_spend_project_id_ad_id_day_pk";
--> statement-breakpoint
ALTER TABLE "meta_ads" DROP CONSTRAINT "meta_ads_project_id_ad_id_pk";
--> statement-breakpoint
ALTER TABLE "agents" DROP CONSTRAINT "agents_pkey";
--> statement-breakpoint
ALTER TABLE "businesses" DROP CONSTRAINT "businesses_pkey";
--> statement-breakpoint
ALTER TABLE "payment_plan_families" DROP CONSTRAINT "payment_plan_families_pkey";
--> statement-breakpoint
ALTER TABLE "plan_families" DROP CONSTRAINT "plan_families_pkey";
--> statement-breakpoint
ALTER TABLE "wcc_families" DROP CONSTRAINT "wcc_families_pkey";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_pkey";
--> statement-breakpoint
ALTER TABLE "billing_logs" DROP CONSTRAINT "billing_logs_pkey";
--> statement-breakpoint
ALTER TABLE "kyc_submissions" DROP CONSTRAINT "kyc_submissions_pkey";
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_pkey";
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_pkey";
--> statement-breakpoint
ALTER TABLE "razorpay_auth_states" DROP CONSTRAINT "razorpay_auth_states_pkey";
--> statement-breakpoint
ALTER TABLE "templates" DROP CONSTRAINT "templates_pkey";
--> statement-breakpoint
ALTER TABLE "private_apps" DROP CONSTRAINT "private_apps_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey";
--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_pkey";
--> statement-breakpoint
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_pkey";
--> statement-breakpoint
ALTER TABLE "project_onboarding" DROP CONSTRAINT "project_onboarding_pkey";
--> statement-breakpoint
ALTER TABLE "registration_attempts" DROP CONSTRAINT "registration_attempts_pkey";
--> statement-breakpoint
ALTER TABLE "embedded_signups" DROP CONSTRAINT "embedded_signups_pkey";
--> statement-breakpoint
ALTER TABLE "project_meta_ads" DROP CONSTRAINT "project_meta_ads_pkey";
--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_pkey";
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "payment_plan_families" ADD CONSTRAINT "payment_plan_families_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "plan_families" ADD CONSTRAINT "plan_families_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "wcc_families" ADD CONSTRAINT "wcc_families_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "billing_logs" ADD CONSTRAINT "billing_logs_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_pkey" PRIMARY KEY("message_id","status","partner_id");
--> statement-breakpoint
ALTER TABLE "razorpay_auth_states" ADD CONSTRAINT "razorpay_auth_states_pkey" PRIMARY KEY("state_hash","partner_id");
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "private_apps" ADD CONSTRAINT "private_apps_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "project_api_idempotency_keys" ADD CONSTRAINT "project_api_idempotency_keys_pkey" PRIMARY KEY("project_id","key","partner_id");
--> statement-breakpoint
ALTER TABLE "project_onboarding" ADD CONSTRAINT "project_onboarding_pkey" PRIMARY KEY("project_id","partner_id");
--> statement-breakpoint
ALTER TABLE "registration_attempts" ADD CONSTRAINT "registration_attempts_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "embedded_signups" ADD CONSTRAINT "embedded_signups_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "meta_ad_spend" ADD CONSTRAINT "meta_ad_spend_pkey" PRIMARY KEY("project_id","ad_id","day","partner_id");
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD CONSTRAINT "meta_ads_pkey" PRIMARY KEY("project_id","ad_id","partner_id");
--> statement-breakpoint
ALTER TABLE "project_meta_ads" ADD CONSTRAINT "project_meta_ads_pkey" PRIMARY KEY("project_id","partner_id");
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_pkey" PRIMARY KEY("id","partner_id");
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_referral_agent_fk" FOREIGN KEY ("referral_agent_id","partner_id") REFERENCES "public"."agents"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_payment_plan_fk" FOREIGN KEY ("payment_plan_id","partner_id") REFERENCES "public"."payment_plan_families"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_wcc_plan_fk" FOREIGN KEY ("wcc_plan_id","partner_id") REFERENCES "public"."wcc_families"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_family_fk" FOREIGN KEY ("family_id","partner_id") REFERENCES "public"."plan_families"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_business_fk" FOREIGN KEY ("business_id","partner_id") REFERENCES "public"."businesses"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analytics_day_usage" ADD CONSTRAINT "analytics_day_usage_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "razorpay_auth_states" ADD CONSTRAINT "razorpay_auth_states_agent_fk" FOREIGN KEY ("agent_id","partner_id") REFERENCES "public"."agents"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "razorpay_connections" ADD CONSTRAINT "razorpay_connections_connected_by_fk" FOREIGN KEY ("connected_by","partner_id") REFERENCES "public"."agents"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "private_apps" ADD CONSTRAINT "private_apps_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_fk" FOREIGN KEY ("delivery_id","partner_id") REFERENCES "public"."webhook_deliveries"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_fk" FOREIGN KEY ("event_id","partner_id") REFERENCES "public"."webhook_events"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_fk" FOREIGN KEY ("webhook_id","partner_id") REFERENCES "public"."webhooks"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_api_idempotency_keys" ADD CONSTRAINT "project_api_idempotency_keys_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_onboarding" ADD CONSTRAINT "project_onboarding_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "registration_attempts" ADD CONSTRAINT "registration_attempts_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "embedded_signups" ADD CONSTRAINT "embedded_signups_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "embedded_signups" ADD CONSTRAINT "embedded_signups_business_fk" FOREIGN KEY ("business_id","partner_id") REFERENCES "public"."businesses"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meta_ad_spend" ADD CONSTRAINT "meta_ad_spend_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meta_ads" ADD CONSTRAINT "meta_ads_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "project_meta_ads" ADD CONSTRAINT "project_meta_ads_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "templates_live_name_uq" ON "templates" USING btree ("project_id","name","language","partner_id") WHERE "templates"."status" <> 'DRAFT' and "templates"."deleted_at" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "private_apps_project_uq" ON "private_apps" USING btree ("project_id","partner_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_uq" ON "webhook_deliveries" USING btree ("event_id","webhook_id","partner_id");
