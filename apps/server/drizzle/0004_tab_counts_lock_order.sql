-- The projects list's counter rows are touched only when a counted column changes (issue 8 point 6).
-- The statement trigger upserted them on every UPDATE of projects, a credit's too: a credit transfer
-- (project, counter, then partner) and a charging batch (projects, partners, then the credit's
-- update, counter) took the counter and the partner in opposite orders and deadlocked. PostgreSQL
-- allows no column list on a trigger with transition tables, so the function nets the old and new
-- rows per counter key and writes only the keys whose count changed: an update of uncounted
-- columns writes (and locks) nothing. Lock order: projects, then partners, then counter rows.
CREATE OR REPLACE FUNCTION "project_tab_counts_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO project_tab_counts AS c (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark, n)
		SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, CASE WHEN kyc_remark IS NULL THEN NULL ELSE '' END, count(*)
		FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
		ON CONFLICT (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark) DO UPDATE SET n = c.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO project_tab_counts AS c (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark, n)
		SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, CASE WHEN kyc_remark IS NULL THEN NULL ELSE '' END, -count(*)
		FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
		ON CONFLICT (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark) DO UPDATE SET n = c.n + excluded.n;
	ELSE
		INSERT INTO project_tab_counts AS c (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark, n)
		SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, remark, sum(d)
		FROM (
			SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, CASE WHEN kyc_remark IS NULL THEN NULL ELSE '' END AS remark, -1 AS d FROM old_rows
			UNION ALL
			SELECT partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, CASE WHEN kyc_remark IS NULL THEN NULL ELSE '' END, 1 FROM new_rows
		) AS moved
		GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
		ON CONFLICT (partner_id, partner_archived, is_whatsapp_verified, is_trial, is_api_trial, status, active_plan, bvbp_process, kyc_remark) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;
