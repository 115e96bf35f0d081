-- One project's billing logs at ten million rows (issue 16 item 4). The page sorts by (created_at, id)
-- and the total counts up to 5,000 rows past it; a project's logs lie scattered through the table
-- (one row in twenty at Acme's scale), so reading each from the table cost about 40 ms a page. The
-- index now holds the page's order and the columns the list's conditions read (reason code,
-- balance; drizzle cannot say INCLUDE, so the schema lists the key only): the page and its count
-- are read from the index alone (once VACUUM, or autovacuum, has marked the rows visible).
DROP INDEX "billing_logs_project_idx";--> statement-breakpoint
CREATE INDEX "billing_logs_project_idx" ON "billing_logs" USING btree ("partner_id","project_id","created_at","id") INCLUDE ("reason_code", "balance");
