/** How much an Accept header wants a media type: the q of its exact entry, 0 when not named. */
const qualityOf = (accept: string, type: string) => {
  let best = 0;
  for (const entry of accept.split(',')) {
    const [name, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name !== type) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    if (Number.isFinite(value)) best = Math.max(best, Math.min(1, Math.max(0, value)));
  }
  return best;
};

/**
 * Whether a call that answers JSON by default (the reports' `{ logs }`) should answer its CSV file:
 * only when the caller names text/csv and prefers it to application/json. Wildcards (`*\/*`, the
 * default of most clients) keep the JSON.
 */
export const wantsCsv = (accept: string | undefined) =>
  accept !== undefined && qualityOf(accept, 'text/csv') > qualityOf(accept, 'application/json');
