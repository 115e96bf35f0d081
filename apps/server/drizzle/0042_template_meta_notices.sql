-- What Meta's template webhooks say beyond the status: the rejection's reason and recommendation, the pause, the disable date, a flag, a lock, the quality score and an announced category move.
ALTER TABLE "templates" ADD COLUMN "rejection_info" jsonb;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "pause_info" jsonb;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "quality_score" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "upcoming_category" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "upcoming_category_at" timestamp with time zone;