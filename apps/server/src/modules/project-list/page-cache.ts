import { watchWrites } from '../../platform/db/statement-watch.js';
import type { WriteFeed } from '../../platform/db/write-feed.js';

/**
 * The plain first pages (plain-page.ts) kept in memory: the page query was half of a list request's
 * work on the embedded database (PGlite's WASM Postgres on the server's own thread) and, on
 * PostgreSQL, its one round trip was most of the rest (docs/benchmarks.md, "Throughput over HTTP").
 *
 * Exact on the embedded database: every statement this process sends is seen before it runs
 * (platform/db/statement-watch.ts), and nothing else reaches the database. One that may change a
 * page (a write to the projects, their businesses or the tab counters, or a partner removed) empties
 * the cache, and a read that was under way when it was seen is not kept. A read that starts after it
 * runs after it: PGlite runs one statement at a time, and a read waits for a transaction under way to
 * end, so it never keeps what a transaction had not yet committed.
 *
 * On PostgreSQL other processes write too, and reads run beside a writing transaction: pages are kept
 * only while the database's write feed is live (platform/db/write-feed.ts), which tells every process
 * of each committed write to those tables. This process's own write empties the cache as above and
 * keeps it from filling for `QUIET_MS` (its transaction may not have committed yet; the notice of
 * its commit empties it again); another process's write is forgotten when its notice arrives, within
 * milliseconds of its commit. On a distributed database nothing is kept (there is no feed).
 */
const pageTables = /"?\b(projects|businesses|project_tab_counts)\b"?/i;
const partnerRemoval = /^\s*(delete\s+from|truncate)\b[^;]*\bpartners\b/i;
const heardTables = new Set(['projects', 'businesses', 'project_tab_counts', '*']);

/** Pages kept at most: a few hundred partners' first pages of each tab (about 6 KB each). */
const PAGES_KEPT = 1_000;
/** After this process writes, PostgreSQL's pages are not kept for so long (its commit is heard before, nearly always). */
const QUIET_MS = 1_000;

let generation = 0;
const caches = new Set<PageCache<unknown>>();

const forget = () => {
  generation += 1;
  for (const cache of caches) cache.clear();
};

/** Told of every statement that may write, before it runs. */
export const notePageWrite = (text: string) => {
  if (!pageTables.test(text) && !partnerRemoval.test(text)) return;
  forget();
  for (const cache of caches) cache.quiet();
};

watchWrites(notePageWrite);

export class PageCache<P> {
  readonly #pages = new Map<string, P>();
  /** Whether pages may be kept now: always on the embedded database, while the feed is live on PostgreSQL. */
  readonly #keeping: () => boolean;
  readonly #exact: boolean;
  #quietUntil = 0;

  /** `feed`: the database's write feed (PostgreSQL); without one the cache is the embedded database's. */
  constructor(feed?: WriteFeed) {
    this.#exact = !feed;
    this.#keeping = feed ? () => feed.live && Date.now() >= this.#quietUntil : () => true;
    feed?.subscribe((table) => {
      if (heardTables.has(table)) forget();
    });
    caches.add(this as PageCache<unknown>);
  }

  clear() {
    this.#pages.clear();
  }

  quiet() {
    if (!this.#exact) this.#quietUntil = Date.now() + QUIET_MS;
  }

  /** The page under `key`, kept from an earlier read, else read (and kept when nothing wrote meanwhile). */
  async get(key: string, read: () => Promise<P>): Promise<P> {
    if (!this.#keeping()) return read();
    const kept = this.#pages.get(key);
    if (kept) return kept;
    const before = generation;
    const page = await read();
    if (before === generation && this.#keeping()) {
      if (this.#pages.size >= PAGES_KEPT) this.#pages.delete(this.#pages.keys().next().value!);
      this.#pages.set(key, page);
    }
    return page;
  }
}
