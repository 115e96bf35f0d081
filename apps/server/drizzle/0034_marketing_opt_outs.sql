-- Marketing opt-outs: who stopped (or resumed) a project's marketing messages by Meta's user_preferences webhook, so the project API refuses a marketing template to them (Meta's 131050) before sending; projects are found by their business number, which Meta's message webhooks name.
CREATE TABLE "marketing_opt_outs" (
	"partner_id" text NOT NULL,
	"project_id" text NOT NULL,
	"recipient" text NOT NULL,
	"stopped" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_opt_outs_pkey" PRIMARY KEY("partner_id","project_id","recipient")
);
--> statement-breakpoint
ALTER TABLE "marketing_opt_outs" ADD CONSTRAINT "marketing_opt_outs_project_fk" FOREIGN KEY ("project_id","partner_id") REFERENCES "public"."projects"("id","partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_waba_number_idx" ON "projects" USING btree ("waba_number_id") WHERE "projects"."waba_number_id" is not null;