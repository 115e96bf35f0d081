-- Every process on the database hears of a write to the tables the projects list shows, whoever made
-- it: each statement that writes them NOTIFYs `table_writes` with the table's name, delivered to the
-- listening processes when its transaction commits (one notice per table and transaction: PostgreSQL
-- folds equal ones). A process keeps the list's first pages while it listens and forgets them on a
-- notice (platform/db/write-feed.ts, modules/project-list/page-cache.ts).
CREATE FUNCTION "notify_table_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_writes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "projects_write_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_write"();--> statement-breakpoint
CREATE TRIGGER "businesses_write_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "businesses"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_write"();--> statement-breakpoint
CREATE TRIGGER "project_tab_counts_write_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_tab_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_write"();
