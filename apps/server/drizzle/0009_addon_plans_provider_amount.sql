CREATE TABLE "provider_addon_prices" (
	"addon" text NOT NULL,
	"tier" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"inr" bigint DEFAULT 0 NOT NULL,
	"usd" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_addon_prices_addon_tier_period_pk" PRIMARY KEY("addon","tier","period")
);
--> statement-breakpoint
ALTER TABLE "billing_logs" ADD COLUMN "provider_amount" bigint;--> statement-breakpoint
-- The provider's add-on plans as they start (README, "Add-on plans"): Monthly and Yearly, the flow
-- builder's per tier (Tier1: its first 5 flows; Tier2: each further 10). 1/100000 of each currency.
INSERT INTO "provider_addon_prices" ("addon", "tier", "period", "inr", "usd") VALUES
('WEBHOOKS', '', 'Monthly', 24900000, 300000),
('WEBHOOKS', '', 'Yearly', 249000000, 3000000),
('WHATSAPP_PAY', '', 'Monthly', 79900000, 1000000),
('WHATSAPP_PAY', '', 'Yearly', 799000000, 10000000),
('META_ADS', '', 'Monthly', 99900000, 1200000),
('META_ADS', '', 'Yearly', 999000000, 12000000),
('FLOW_BUILDER', 'Tier1', 'Monthly', 39900000, 500000),
('FLOW_BUILDER', 'Tier1', 'Yearly', 399000000, 5000000),
('FLOW_BUILDER', 'Tier2', 'Monthly', 69900000, 900000),
('FLOW_BUILDER', 'Tier2', 'Yearly', 699000000, 9000000);
