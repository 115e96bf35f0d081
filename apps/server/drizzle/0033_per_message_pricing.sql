-- Meta prices per message since 1 July 2025: the pricing models as dated rows, messages priced one by one, Meta's pricing object kept, and users' messages that open the customer service window.
CREATE TABLE "pricing_models" (
	"currency" text NOT NULL,
	"effective_from" text NOT NULL,
	"model" text NOT NULL,
	"service_charged" boolean NOT NULL,
	"utility_in_window_charged" boolean NOT NULL,
	"service_free_per_month" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "pricing_models_currency_effective_from_pk" PRIMARY KEY("currency","effective_from")
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"partner_id" text NOT NULL,
	"message_id" text NOT NULL,
	"project_id" text NOT NULL,
	"sender" text NOT NULL,
	"country" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"entry_point" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_pkey" PRIMARY KEY("partner_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "pricing_model" text DEFAULT 'CBP' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "pricing_type" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "meta_pricing" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "refund_log_id" text;--> statement-breakpoint
ALTER TABLE "message_events" ADD COLUMN "pricing" jsonb;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_window_idx" ON "inbound_messages" USING btree ("partner_id","project_id","sender","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_message_key" ON "conversations" USING btree ("partner_id","message_id");
--> statement-breakpoint
INSERT INTO "pricing_models" ("currency", "effective_from", "model", "service_charged", "utility_in_window_charged", "service_free_per_month", "source") VALUES
  ('INR', '1970-01-01', 'CBP', true, false, 0, 'Conversation-based pricing: https://developers.facebook.com/docs/whatsapp/pricing (conversation-based-pricing)'),
  ('INR', '2024-11-01', 'CBP', false, false, 0, '"Effective November 1, 2024 - Service conversations are now free for all businesses." (pricing page)'),
  ('INR', '2025-07-01', 'PMP', false, false, 0, '"effective July 1, 2025, Meta now charges on a per-message basis"; utility templates in an open customer service window and non-template messages free (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing)'),
  ('INR', '2026-10-01', 'PMP', true, true, 1000, '"Effective October 1, 2026, Meta will charge for service messages" and "for utility messages sent in response to users within an open 24-hour customer service window" (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing/non-template-messages); the free tier of 1,000 service messages a number a month as secondary sources quote the pricing page (docs/research/meta-pricing-and-webhooks.md §1.7)'),
  ('USD', '1970-01-01', 'CBP', true, false, 0, 'Conversation-based pricing: https://developers.facebook.com/docs/whatsapp/pricing (conversation-based-pricing)'),
  ('USD', '2024-11-01', 'CBP', false, false, 0, '"Effective November 1, 2024 - Service conversations are now free for all businesses." (pricing page)'),
  ('USD', '2025-07-01', 'PMP', false, false, 0, '"effective July 1, 2025, Meta now charges on a per-message basis"; utility templates in an open customer service window and non-template messages free (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing)'),
  ('USD', '2026-10-01', 'PMP', true, true, 1000, '"Effective October 1, 2026, Meta will charge for service messages" and "for utility messages sent in response to users within an open 24-hour customer service window" (https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing/non-template-messages); the free tier of 1,000 service messages a number a month as secondary sources quote the pricing page (docs/research/meta-pricing-and-webhooks.md §1.7)');
