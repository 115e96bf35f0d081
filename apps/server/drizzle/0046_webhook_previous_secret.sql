-- Standard Webhooks' zero-downtime rotation: the secret a rotation replaced (sealed like "secret")
-- still signs beside the new one until previous_secret_expires_at (24 h after the rotation).
ALTER TABLE "webhooks" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;