-- The jobs runner's claim, as a function so that it is planned with its own settings. Jobs are
-- claimed oldest due first; without statistics on the jobs table (the embedded database never
-- gathers any, PostgreSQL has none for a backlog that has just formed) the planner read every due
-- job with a bitmap scan and sorted them all, for each claim: a claim cost as much as the backlog
-- was long. With bitmap scans and sorts off, it walks the due index in order and stops once it has
-- its jobs. Same rows, same locking as the statement it replaces (FOR UPDATE SKIP LOCKED).
CREATE OR REPLACE FUNCTION "claim_due_jobs"(due timestamptz, lease_end timestamptz, wanted text[], how_many integer)
RETURNS TABLE (id text, kind text, payload jsonb, attempts integer, max_attempts integer, run_at timestamptz)
LANGUAGE sql
SET enable_bitmapscan = off
SET enable_sort = off
AS $$
	UPDATE jobs AS j SET locked_until = lease_end, attempts = j.attempts + 1
	WHERE j.id IN (
		SELECT c.id FROM jobs AS c
		WHERE c.failed_at IS NULL AND c.run_at <= due
			AND (c.locked_until IS NULL OR c.locked_until <= due)
			AND c.kind = ANY (wanted)
		ORDER BY c.run_at
		LIMIT how_many
		FOR UPDATE SKIP LOCKED
	)
	RETURNING j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.run_at
$$;
