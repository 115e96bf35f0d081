CREATE TABLE "balance_days" (
	"partner_id" text NOT NULL,
	"balance" text NOT NULL,
	"owner_id" text NOT NULL,
	"day_date" text NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"added" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "balance_days_pkey" PRIMARY KEY("partner_id","balance","owner_id","day_date")
);
--> statement-breakpoint
CREATE TABLE "wallet_thresholds" (
	"id" text NOT NULL,
	"partner_id" text NOT NULL,
	"balance" text NOT NULL,
	"project_id" text,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"crossed_at" timestamp with time zone,
	"crossed_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_thresholds_pkey" PRIMARY KEY("id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "rate_card_families" (
	"card_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"family_id" text NOT NULL,
	"choice" text DEFAULT 'PASS' NOT NULL,
	"chosen_at" timestamp with time zone,
	"chosen_by" text,
	"prices_before" jsonb,
	"prices_after" jsonb,
	CONSTRAINT "rate_card_families_pkey" PRIMARY KEY("card_id","family_id","partner_id")
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"prices" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "balance_days" ADD CONSTRAINT "balance_days_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_thresholds" ADD CONSTRAINT "wallet_thresholds_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_thresholds" ADD CONSTRAINT "wallet_thresholds_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_families" ADD CONSTRAINT "rate_card_families_card_id_rate_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."rate_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_families" ADD CONSTRAINT "rate_card_families_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_families" ADD CONSTRAINT "rate_card_families_family_fk" FOREIGN KEY ("family_id","partner_id") REFERENCES "public"."wcc_families"("id","partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_thresholds_balance_idx" ON "wallet_thresholds" USING btree ("partner_id","balance",coalesce("project_id", ''));--> statement-breakpoint
CREATE INDEX "wallet_thresholds_crossed_idx" ON "wallet_thresholds" USING btree ("partner_id","crossed_at");--> statement-breakpoint
CREATE INDEX "rate_card_families_partner_idx" ON "rate_card_families" USING btree ("partner_id","card_id");--> statement-breakpoint
CREATE INDEX "rate_cards_status_effective_idx" ON "rate_cards" USING btree ("status","effective_at");--> statement-breakpoint
-- The wallet's day rows are kept by the ledger's own inserts: whichever code writes billing_logs
-- (postEntry, a charging batch, the seed), its rows are counted in the same statement. A balance's
-- day row is written only by a transaction that already holds that balance's row (the partner's or
-- the project's, README "Lock order"), so the trigger adds no lock order of its own.
CREATE FUNCTION "balance_days_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO balance_days AS d (partner_id, balance, owner_id, day_date, spent, added)
	SELECT partner_id, balance, CASE WHEN balance = 'CENTRAL' THEN partner_id ELSE project_id END,
		to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
		coalesce(sum(amount) FILTER (WHERE action = 'SUBTRACT' AND reason_code NOT IN ('CENTRAL_BALANCE_UPDATE', 'WCC_CREDIT_DEDUCT', 'PWC_CREDIT_DEDUCT')), 0),
		coalesce(sum(amount) FILTER (WHERE action = 'ADD'), 0)
	FROM new_rows WHERE balance = 'CENTRAL' OR project_id IS NOT NULL
	GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
	ON CONFLICT (partner_id, balance, owner_id, day_date) DO UPDATE SET spent = d.spent + excluded.spent, added = d.added + excluded.added;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "billing_logs_balance_days" AFTER INSERT ON "billing_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "balance_days_sync"();
--> statement-breakpoint
INSERT INTO balance_days (partner_id, balance, owner_id, day_date, spent, added)
SELECT partner_id, balance, CASE WHEN balance = 'CENTRAL' THEN partner_id ELSE project_id END,
	to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
	coalesce(sum(amount) FILTER (WHERE action = 'SUBTRACT' AND reason_code NOT IN ('CENTRAL_BALANCE_UPDATE', 'WCC_CREDIT_DEDUCT', 'PWC_CREDIT_DEDUCT')), 0),
	coalesce(sum(amount) FILTER (WHERE action = 'ADD'), 0)
FROM billing_logs WHERE balance = 'CENTRAL' OR project_id IS NOT NULL
GROUP BY 1, 2, 3, 4;
