ALTER TABLE "projects" ADD COLUMN "quality_rating_previous" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "quality_rating_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "templates_risk_idx" ON "templates" USING btree ("partner_id","updated_at") WHERE "templates"."status" in ('PAUSED', 'REJECTED') or "templates"."category_changed_at" is not null;--> statement-breakpoint
-- The quality rating's previous value and when it changed, kept on every write of the rating
-- (channel sync, the embedded sign-up, the sandbox, staff, a future webhook), so the risk board can
-- say "falling". A writer that sets the instant itself (an injected clock) keeps it; otherwise the
-- transaction's now(). The row is the one being updated: no other lock is taken.
CREATE FUNCTION "projects_quality_rating_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.quality_rating_previous := OLD.quality_rating;
	IF NEW.quality_rating_changed_at IS NOT DISTINCT FROM OLD.quality_rating_changed_at THEN
		NEW.quality_rating_changed_at := now();
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_quality_rating_history" BEFORE UPDATE OF quality_rating ON "projects" FOR EACH ROW WHEN (OLD.quality_rating IS DISTINCT FROM NEW.quality_rating) EXECUTE FUNCTION "projects_quality_rating_history"();
