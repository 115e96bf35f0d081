-- Razorpay OAuth lifetimes: a connection Razorpay ends (its revocation webhook, a refused refresh) stays, disconnected, so the partner is told why; revocation webhooks are kept once per event id.
CREATE TABLE "razorpay_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"account_id" text,
	"happened_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "razorpay_connections" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "razorpay_connections" ADD COLUMN "disconnected_reason" text;--> statement-breakpoint
CREATE INDEX "razorpay_connections_account_idx" ON "razorpay_connections" USING btree ("account_id");