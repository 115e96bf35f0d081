-- Message events keep no foreign keys (the ingest writes only statuses of projects it found, and projects are never deleted: a per-row check cost every charging batch a lookup per status); a priced message keeps its project's key, which names its partner, and drops the redundant one to partners.
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "message_events" DROP CONSTRAINT "message_events_partner_id_partners_id_fk";
--> statement-breakpoint
ALTER TABLE "message_events" DROP CONSTRAINT "message_events_project_fk";
