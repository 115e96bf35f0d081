import { Readable } from 'node:stream';

/**
 * `{ "<key>": [ ...rows ] }` written a batch at a time as the batches come: a long list answers
 * as JSON without the whole of it in memory. If a batch fails half-way the answer is cut short (the
 * connection is dropped), so a client never mistakes a partial list for a whole one.
 */
export const jsonListStream = (key: string, batches: AsyncIterable<unknown[]>) =>
  Readable.from(
    (async function* () {
      yield `{${JSON.stringify(key)}:[`;
      let first = true;
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        yield (first ? '' : ',') + batch.map((row) => JSON.stringify(row)).join(',');
        first = false;
      }
      yield ']}';
    })(),
  );
