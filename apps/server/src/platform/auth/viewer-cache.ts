import { watchWrites } from '../db/statement-watch.js';

/**
 * The signed-in users read from the database, kept a moment per process. Reading the session, the
 * member and the role on every request was a third of a list request's work on PostgreSQL and more
 * on the embedded database (docs/benchmarks.md, "Throughput over HTTP"); a page's burst of calls
 * now reads it once.
 *
 * What it costs in freshness:
 * - In the process that makes a change, none. Every statement the database layer sends is seen
 *   here (`noteStatement`, through drizzle's query logger, transactions included); one that writes the
 *   sessions, members, roles or admins (or deletes partners, whose members go with them) empties
 *   the cache and keeps it from filling until `ttlMs` has passed, so the next request reads the
 *   database, and a read that was under way when the write was seen is not kept.
 * - In another process on the same PostgreSQL, a revoked session, a disabled member or a changed
 *   role takes effect within `ttlMs` (VIEWER_CACHE_MS, 1 s by default; 0 reads on every request).
 * An expired session is refused on time: the entry keeps the session's expiry.
 */
export type CachedViewer<V> = { viewer: V; expiresAt: number };

const viewerTables = /"?\b(sessions|agents|roles|platform_admins)\b"?/i;
const partnerRemoval = /^\s*(delete\s+from|truncate)\b[^;]*\bpartners\b/i;

let generation = 0;
const caches = new Set<ViewerCache<unknown>>();

/** Told of every statement that may write, before it runs (platform/db/statement-watch.ts). */
export const noteStatement = (text: string) => {
  if (!viewerTables.test(text) && !partnerRemoval.test(text)) return;
  generation += 1;
  for (const cache of caches) cache.clear();
};

watchWrites(noteStatement);

export class ViewerCache<V> {
  readonly #entries = new Map<string, CachedViewer<V> & { at: number }>();
  readonly #ttlMs: number;
  readonly #max: number;
  /** Until then nothing is kept: a write was seen, and its transaction may not have committed yet. */
  #quietFrom = 0;

  constructor(ttlMs: number, max = 10_000) {
    this.#ttlMs = ttlMs;
    this.#max = max;
    if (ttlMs > 0) caches.add(this as ViewerCache<unknown>);
  }

  clear() {
    this.#entries.clear();
    this.#quietFrom = Date.now() + this.#ttlMs;
  }

  /**
   * The viewer of a session, from the cache while fresh, else read (and kept when nothing wrote
   * meanwhile). Freshness is the process's clock; the session's expiry is the app's (`now`).
   */
  async get(sessionId: string, now: Date, read: () => Promise<CachedViewer<V> | null>): Promise<V | null> {
    if (this.#ttlMs <= 0) return (await read())?.viewer ?? null;
    const clock = Date.now();
    const held = this.#entries.get(sessionId);
    if (held && clock - held.at < this.#ttlMs && held.expiresAt > now.getTime()) return held.viewer;
    const before = generation;
    const found = await read();
    if (found && before === generation && clock >= this.#quietFrom) {
      if (this.#entries.size >= this.#max) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(sessionId, { ...found, at: clock });
    } else if (held) this.#entries.delete(sessionId);
    return found?.viewer ?? null;
  }
}
