ALTER TABLE "partners" ADD COLUMN "trial_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "profile_colors" jsonb;