-- Projects list at scale (issue 3 point 9).
-- 1. Tab counts without a filter come from a counter table kept by statement-level triggers: one row
--    per partner and combination of the columns the tabs read, so counting is summing a few rows
--    instead of reading every project. Its columns carry the projects' names, so the one filter
--    builder's tab conditions apply to it as they are (kyc_remark is '' for any remark).
CREATE TABLE "project_tab_counts" (
	"partner_id" text NOT NULL,
	"partner_archived" boolean NOT NULL,
	"is_whatsapp_verified" boolean NOT NULL,
	"is_trial" boolean NOT NULL,
	"is_api_trial" boolean NOT NULL,
	"status" text NOT NULL,
	"active_plan" text NOT NULL,
	"bvbp_process" integer NOT NULL,
	"kyc_remark" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "project_tab_counts_key" ON "project_tab_counts" ("partner_id", "partner_archived", "is_whatsapp_verified", "is_trial", "is_api_trial", "status", "active_plan", "bvbp_process", "kyc_remark") NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE FUNCTION "project_tab_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO project_tab_counts AS c (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark, n)
		SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, CASE WHEN kyc_remark IS NULL THEN NULL ELSE '' END, -count(*)
		FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
		ON CONFLICT (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		INSERT INTO project_tab_counts AS c (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark, n)
		SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, CASE WHEN kyc_remark IS NULL THEN NULL ELSE '' END, count(*)
		FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
		ON CONFLICT (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_tab_counts_insert" AFTER INSERT ON "projects" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_tab_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "projects_tab_counts_update" AFTER UPDATE ON "projects" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_tab_counts_sync"();
--> statement-breakpoint
CREATE TRIGGER "projects_tab_counts_delete" AFTER DELETE ON "projects" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "project_tab_counts_sync"();
--> statement-breakpoint
INSERT INTO "project_tab_counts" (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark, n)
SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, CASE WHEN kyc_remark IS NULL THEN NULL ELSE '' END, count(*)
FROM "projects" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
--> statement-breakpoint
-- 2. Name search matches the words of a project's name by their beginning, through a GIN index.
CREATE INDEX "projects_name_words_idx" ON "projects" USING gin (to_tsvector('simple', "name"));
