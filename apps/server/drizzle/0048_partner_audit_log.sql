-- A partner's activity log: who on its team changed what, written with the change (modules/activity).
CREATE TABLE "partner_audit_log" (
	"id" text NOT NULL,
	"partner_id" text NOT NULL,
	"member_id" text NOT NULL,
	"member_name" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_audit_log_pkey" PRIMARY KEY("id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "partner_audit_log" ADD CONSTRAINT "partner_audit_log_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_audit_log_created_idx" ON "partner_audit_log" USING btree ("partner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "partner_audit_log_action_idx" ON "partner_audit_log" USING btree ("partner_id","action","created_at");--> statement-breakpoint
CREATE INDEX "partner_audit_log_member_idx" ON "partner_audit_log" USING btree ("partner_id","member_id","created_at");