CREATE TABLE "embedded_signups" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"signup_key" text NOT NULL,
	"business_id" text NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"dial_code" text NOT NULL,
	"mobile" text NOT NULL,
	"facebook_connected_at" timestamp with time zone,
	"otp_dial_code" text,
	"otp_mobile" text,
	"otp_hash" text,
	"otp_expires_at" timestamp with time zone,
	"otp_sent_at" timestamp with time zone,
	"otp_sends" integer DEFAULT 0 NOT NULL,
	"otp_wrong_tries" integer DEFAULT 0 NOT NULL,
	"phone_verified_at" timestamp with time zone,
	"test_message_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_phone_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embedded_signups" ADD CONSTRAINT "embedded_signups_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_signups" ADD CONSTRAINT "embedded_signups_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_signups" ADD CONSTRAINT "embedded_signups_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "embedded_signups_partner_key_idx" ON "embedded_signups" USING btree ("partner_id","signup_key");--> statement-breakpoint
CREATE INDEX "embedded_signups_partner_created_idx" ON "embedded_signups" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_phone_messages_phone_idx" ON "sandbox_phone_messages" USING btree ("phone","created_at");