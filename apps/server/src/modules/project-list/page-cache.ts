import { watchWrites } from '../../platform/db/statement-watch.js';

/**
 * The plain first pages (plain-page.ts) kept in memory, on the embedded database only
 * (`isEmbedded`): there the page query was half of a list request's work, in PGlite's WASM
 * Postgres on the server's own thread (docs/benchmarks.md, "Throughput over HTTP").
 *
 * Exact, not merely fresh: every statement this process sends is seen before it runs
 * (platform/db/statement-watch.ts), and nothing else reaches the embedded database. One that may
 * change a page (a write to the projects, their businesses or the tab counters, or a partner
 * removed) empties the cache, and a read that was under way when it was seen is not kept. A read
 * that starts after it runs after it: PGlite runs one statement at a time, and a read waits for a
 * transaction under way to end, so it never keeps what a transaction had not yet committed.
 */
const pageTables = /"?\b(projects|businesses|project_tab_counts)\b"?/i;
const partnerRemoval = /^\s*(delete\s+from|truncate)\b[^;]*\bpartners\b/i;

/** Pages kept at most: a few hundred partners' first pages of each tab (about 6 KB each). */
const PAGES_KEPT = 1_000;

let generation = 0;
const caches = new Set<PageCache<unknown>>();

/** Told of every statement that may write, before it runs. */
export const notePageWrite = (text: string) => {
  if (!pageTables.test(text) && !partnerRemoval.test(text)) return;
  generation += 1;
  for (const cache of caches) cache.clear();
};

watchWrites(notePageWrite);

export class PageCache<P> {
  readonly #pages = new Map<string, P>();

  constructor() {
    caches.add(this as PageCache<unknown>);
  }

  clear() {
    this.#pages.clear();
  }

  /** The page under `key`, kept from an earlier read, else read (and kept when nothing wrote meanwhile). */
  async get(key: string, read: () => Promise<P>): Promise<P> {
    const kept = this.#pages.get(key);
    if (kept) return kept;
    const before = generation;
    const page = await read();
    if (before === generation) {
      if (this.#pages.size >= PAGES_KEPT) this.#pages.delete(this.#pages.keys().next().value!);
      this.#pages.set(key, page);
    }
    return page;
  }
}
