-- Embedded Signup's onboarding: the client's business token from the code (sealed) and the calls made with it.
ALTER TABLE "project_onboarding" ADD COLUMN "business_token_sealed" text;--> statement-breakpoint
ALTER TABLE "project_onboarding" ADD COLUMN "account_steps" jsonb;