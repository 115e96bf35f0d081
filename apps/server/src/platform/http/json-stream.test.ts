import { describe, expect, it } from 'vitest';
import { jsonListStream } from './json-stream.js';

const read = async (stream: AsyncIterable<string | Buffer>) => {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
};
async function* batches(...list: unknown[][]) {
  for (const b of list) yield b;
}

describe('jsonListStream', () => {
  it('writes one JSON object with the rows of every batch, empty batches skipped', async () => {
    const text = await read(jsonListStream('logs', batches([{ a: 1 }, { a: 'x"\n' }], [], [{ a: null }])));
    expect(JSON.parse(text)).toEqual({ logs: [{ a: 1 }, { a: 'x"\n' }, { a: null }] });
  });

  it('writes an empty list when there are no rows', async () => {
    expect(JSON.parse(await read(jsonListStream('logs', batches())))).toEqual({ logs: [] });
  });

  it('fails instead of ending the list when a batch fails', async () => {
    async function* failing() {
      yield [{ a: 1 }];
      throw new Error('database went away');
    }
    await expect(read(jsonListStream('logs', failing()))).rejects.toThrow('database went away');
  });
});
