CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"login_username" text NOT NULL,
	"password_hash" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"country" text,
	"agent_role" text NOT NULL,
	"power" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"is_referral" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"brand_name" text,
	"favicon_url" text,
	"brand_logo_url" text,
	"webhook_url" text,
	"loading_gif_url" text,
	"referral_link" text,
	"custom_domain" text,
	"iso_code" text,
	"central_balance" bigint DEFAULT 0 NOT NULL,
	"min_allowed_balance" bigint DEFAULT 0 NOT NULL,
	"live_accounts" integer DEFAULT 0 NOT NULL,
	"agent_size" integer DEFAULT 10 NOT NULL,
	"max_agents" integer DEFAULT 10 NOT NULL,
	"max_roles" integer DEFAULT 5 NOT NULL,
	"enable_sign_up" boolean DEFAULT false NOT NULL,
	"enable_trial" boolean DEFAULT false NOT NULL,
	"is_zoho_enabled" boolean DEFAULT false NOT NULL,
	"partnership_fee" bigint DEFAULT 0 NOT NULL,
	"partnership_renewal_on" date,
	"onboarding_method" text,
	"addons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sso_secret_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_admins" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"login_username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"partner_id" text NOT NULL,
	"name" text NOT NULL,
	"access_level" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_partner_id_name_pk" PRIMARY KEY("partner_id","name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"partner_id" text,
	"device" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_login_username_key" ON "agents" USING btree (lower("login_username"));--> statement-breakpoint
CREATE UNIQUE INDEX "agents_email_key" ON "agents" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "agents_partner_idx" ON "agents" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_custom_domain_key" ON "partners" USING btree ("custom_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_admins_login_username_key" ON "platform_admins" USING btree (lower("login_username"));--> statement-breakpoint
CREATE UNIQUE INDEX "platform_admins_email_key" ON "platform_admins" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "sessions_subject_idx" ON "sessions" USING btree ("subject_id");