CREATE TABLE "project_onboarding" (
	"project_id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"process" text,
	"error_code" integer,
	"error_subcode" integer,
	"error_message" text,
	"error_trace_id" text,
	"error_at" timestamp with time zone,
	"pin_sealed" text,
	"code_requested_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"account_health" jsonb,
	"number_health" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"outcome" text DEFAULT 'PENDING' NOT NULL,
	"error_code" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_meta_numbers" (
	"phone_number_id" text PRIMARY KEY NOT NULL,
	"scenario" text NOT NULL,
	"verified" boolean NOT NULL,
	"registered" boolean NOT NULL,
	"two_step_pin_hash" text,
	"code" text,
	"code_method" text,
	"code_expires_at" timestamp with time zone,
	"registrations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inbox" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_once" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_onboarding" ADD CONSTRAINT "project_onboarding_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_attempts" ADD CONSTRAINT "registration_attempts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_attempts_number_idx" ON "registration_attempts" USING btree ("phone_number_id","attempted_at");