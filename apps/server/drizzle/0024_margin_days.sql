CREATE TABLE "margin_days" (
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"day_date" text NOT NULL,
	"category" text NOT NULL,
	"country" text NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"free" integer DEFAULT 0 NOT NULL,
	"unbilled" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"provider_cost" bigint DEFAULT 0 NOT NULL,
	"free_saved" bigint DEFAULT 0 NOT NULL,
	"unbilled_amount" bigint DEFAULT 0 NOT NULL,
	"below_cost" integer DEFAULT 0 NOT NULL,
	"below_cost_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "margin_days_pkey" PRIMARY KEY("partner_id","project_id","day_date","category","country")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "provider_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "margin_days" ADD CONSTRAINT "margin_days_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_days" ADD CONSTRAINT "margin_days_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "margin_days_partner_day_idx" ON "margin_days" USING btree ("partner_id","day_date");--> statement-breakpoint
-- The provider's price of conversations charged before this column: their ledger row carries it.
-- Free ones cost nothing; an UNBILLED one's provider price was never written down and stays 0.
UPDATE "conversations" AS c SET "provider_amount" = b."provider_amount"
FROM "billing_logs" AS b
WHERE b."id" = c."billing_log_id" AND b."partner_id" = c."partner_id" AND b."provider_amount" IS NOT NULL;
--> statement-breakpoint
-- The rollup of every conversation so far, as the charging batch keeps it from now on (what a free
-- one saved was not written down before: 0).
INSERT INTO "margin_days" ("partner_id", "project_id", "day_date", "category", "country", "conversations",
  "charged", "free", "unbilled", "revenue", "provider_cost", "free_saved", "unbilled_amount", "below_cost",
  "below_cost_amount")
SELECT "partner_id", "project_id", to_char("started_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'), "category", "country",
  count(*),
  count(*) FILTER (WHERE "billing_status" = 'CHARGED'),
  count(*) FILTER (WHERE "billing_status" = 'FREE'),
  count(*) FILTER (WHERE "billing_status" = 'UNBILLED'),
  coalesce(sum("amount") FILTER (WHERE "billing_status" = 'CHARGED'), 0),
  coalesce(sum("provider_amount"), 0),
  0,
  coalesce(sum("amount") FILTER (WHERE "billing_status" = 'UNBILLED'), 0),
  count(*) FILTER (WHERE "billing_status" = 'CHARGED' AND "amount" < "provider_amount"),
  coalesce(sum("provider_amount" - "amount") FILTER (WHERE "billing_status" = 'CHARGED' AND "amount" < "provider_amount"), 0)
FROM "conversations"
GROUP BY 1, 2, 3, 4, 5;
