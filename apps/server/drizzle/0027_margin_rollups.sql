CREATE TABLE "margin_mix_days" (
	"partner_id" text NOT NULL,
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
	CONSTRAINT "margin_mix_days_pkey" PRIMARY KEY("partner_id","day_date","category","country")
);
--> statement-breakpoint
CREATE TABLE "margin_project_days" (
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"day_date" text NOT NULL,
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
	CONSTRAINT "margin_project_days_pkey" PRIMARY KEY("partner_id","day_date","project_id")
);
--> statement-breakpoint
ALTER TABLE "margin_mix_days" ADD CONSTRAINT "margin_mix_days_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_project_days" ADD CONSTRAINT "margin_project_days_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_project_days" ADD CONSTRAINT "margin_project_days_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Filled from the day rows kept so far; from now on the charging batch writes all three together.
INSERT INTO margin_project_days (partner_id, project_id, day_date, conversations, charged, free, unbilled, revenue, provider_cost, free_saved, unbilled_amount, below_cost, below_cost_amount)
SELECT partner_id, project_id, day_date, sum(conversations), sum(charged), sum(free), sum(unbilled), sum(revenue), sum(provider_cost), sum(free_saved), sum(unbilled_amount), sum(below_cost), sum(below_cost_amount)
FROM margin_days GROUP BY partner_id, project_id, day_date;
--> statement-breakpoint
INSERT INTO margin_mix_days (partner_id, day_date, category, country, conversations, charged, free, unbilled, revenue, provider_cost, free_saved, unbilled_amount, below_cost, below_cost_amount)
SELECT partner_id, day_date, category, country, sum(conversations), sum(charged), sum(free), sum(unbilled), sum(revenue), sum(provider_cost), sum(free_saved), sum(unbilled_amount), sum(below_cost), sum(below_cost_amount)
FROM margin_days GROUP BY partner_id, day_date, category, country;
