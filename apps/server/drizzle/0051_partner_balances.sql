-- A partner's central balance moves from `partners` to a row of its own (schema/billing.ts says why):
-- the balance is copied, then the column dropped, in the migration's one transaction.
CREATE TABLE "partner_balances" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"central_balance" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_balances" ADD CONSTRAINT "partner_balances_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "partner_balances" ("partner_id", "central_balance") SELECT "id", "central_balance" FROM "partners";--> statement-breakpoint
ALTER TABLE "partners" DROP COLUMN "central_balance";
