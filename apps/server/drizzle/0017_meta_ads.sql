CREATE TABLE "meta_ad_spend" (
	"project_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"day" text NOT NULL,
	"charged" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_ad_spend_project_id_ad_id_day_pk" PRIMARY KEY("project_id","ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "meta_ads" (
	"ad_id" text NOT NULL,
	"project_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"ad_account_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"stop_time" timestamp with time zone,
	"daily_budget" bigint NOT NULL,
	"quality_ranking" text NOT NULL,
	"engagement_rate_ranking" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"unique_clicks" bigint DEFAULT 0 NOT NULL,
	"spend" bigint DEFAULT 0 NOT NULL,
	"messaging_conversations_started" integer DEFAULT 0 NOT NULL,
	"messaging_first_replies" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meta_ads_project_id_ad_id_pk" PRIMARY KEY("project_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "project_meta_ads" (
	"project_id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"fb_user_id" text,
	"fb_user_name" text,
	"fb_granted_scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fb_connected_by" text,
	"fb_token_sealed" text,
	"fb_connected_at" timestamp with time zone,
	"selected_ad_account_id" text,
	"selected_ad_account_name" text,
	"selected_page_id" text,
	"selected_page_name" text,
	"freezed_ad_account_id" text,
	"freezed_page_id" text,
	"otp_state" text DEFAULT 'NONE' NOT NULL,
	"otp_page_id" text,
	"linked_whatsapp_number" text,
	"linked_at" timestamp with time zone,
	"min_daily_budget_limit" bigint,
	"total_assigned_budget" bigint,
	"ads_paused_for_credit_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_meta_ads_state" (
	"id" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "provider_type" text DEFAULT 'v3' NOT NULL;--> statement-breakpoint
ALTER TABLE "meta_ad_spend" ADD CONSTRAINT "meta_ad_spend_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_ads" ADD CONSTRAINT "meta_ads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_ads" ADD CONSTRAINT "meta_ads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_meta_ads" ADD CONSTRAINT "project_meta_ads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_meta_ads" ADD CONSTRAINT "project_meta_ads_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meta_ads_partner_status_idx" ON "meta_ads" USING btree ("partner_id","status","start_time");