-- Searches by a part of a text (issue 16 item 4), through trigram indexes (pg_trgm: trusted, so the
-- database's owner may create it; the embedded database loads it, platform/db/open.ts).
-- 1. The businesses' name search ("Search business name") finds the typed text anywhere in the
--    name: without an index, each search read all of the partner's businesses (140 ms at 200,000
--    on PostgreSQL, a second on PGlite).
-- 2. The super-admin's project search also looks for typed digits anywhere in the WhatsApp number.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "businesses_name_trigrams_idx" ON "businesses" USING gin (lower("display_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "projects_whatsapp_number_trigrams_idx" ON "projects" USING gin ("whatsapp_number" gin_trgm_ops);
