import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CsvSource } from './copy-csv.js';

/** A report's select and its keyset, as copyCsv takes them (without the CSV cells). */
export type KeysetSource = Pick<CsvSource, 'rows' | 't' | 'id'>;

/**
 * The rows of a report's select, `size` at a time, each batch starting after the last row's key
 * (`t`, `id`): a report answered as JSON holds one batch in memory, never the range. The timestamp
 * edge is read as text, so rows microseconds apart (finer than a JavaScript Date) are neither
 * skipped nor repeated.
 */
export async function* keysetRows<T>(
  source: KeysetSource,
  fields: Record<string, SQL | AnyPgColumn>,
  size = 5_000,
): AsyncGenerator<T[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const from: SQL | undefined = after
      ? sql`(${source.t}, ${source.id}) > (${after.at}::timestamptz, ${after.id})`
      : undefined;
    const batch = (await source
      .rows({ ...fields, keysetAt: sql<string>`(${source.t})::text`, keysetId: sql<string>`${source.id}` }, from)
      .limit(size)) as (T & { keysetAt: string; keysetId: string })[];
    if (batch.length === 0) return;
    const last = batch[batch.length - 1]!;
    after = { at: last.keysetAt, id: last.keysetId };
    yield batch.map(({ keysetAt: _at, keysetId: _id, ...row }) => row as T);
    if (batch.length < size) return;
  }
}
