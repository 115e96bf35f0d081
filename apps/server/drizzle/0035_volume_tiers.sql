-- Meta's volume tiers for utility and authentication messages (pricing page, "Volume tiers"): the provider's catalogue holds the tiers per market and charge type, a business's charged messages are counted per market, charge type and month, and each priced message keeps its place in that count. Meta's per-message pricing brought the tiers: its rows say so.
CREATE TABLE "provider_wcc_volume_tiers" (
	"country" text NOT NULL,
	"charge_type" text NOT NULL,
	"from_messages" integer NOT NULL,
	"inr" bigint DEFAULT 0 NOT NULL,
	"usd" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_wcc_volume_tiers_country_charge_type_from_messages_pk" PRIMARY KEY("country","charge_type","from_messages")
);
--> statement-breakpoint
CREATE TABLE "volume_tier_counts" (
	"partner_id" text NOT NULL,
	"business_id" text NOT NULL,
	"market" text NOT NULL,
	"charge_type" text NOT NULL,
	"month" text NOT NULL,
	"counted" integer DEFAULT 0 NOT NULL,
	"meta_from" integer DEFAULT 0 NOT NULL,
	"meta_said_at" timestamp with time zone,
	CONSTRAINT "volume_tier_counts_pkey" PRIMARY KEY("partner_id","business_id","market","charge_type","month")
);
--> statement-breakpoint
ALTER TABLE "pricing_models" ADD COLUMN "volume_tiers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "volume_count" integer;--> statement-breakpoint
ALTER TABLE "volume_tier_counts" ADD CONSTRAINT "volume_tier_counts_business_fk" FOREIGN KEY ("business_id","partner_id") REFERENCES "public"."businesses"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_wcc_volume_tiers" ADD CONSTRAINT "provider_wcc_volume_tiers_from_check" CHECK ("from_messages" > 1);--> statement-breakpoint
UPDATE "pricing_models" SET "volume_tiers" = true WHERE "model" = 'PMP';