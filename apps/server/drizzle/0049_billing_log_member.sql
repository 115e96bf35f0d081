-- A billing log row names the partner's member who moved the money (a credit move, a plan switch, an
-- add-on), as they were named then; rows the system writes (renewals, charging, webhooks) leave both null.
ALTER TABLE "billing_logs" ADD COLUMN "by_member_id" text;--> statement-breakpoint
ALTER TABLE "billing_logs" ADD COLUMN "by_member_name" text;