import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

/** A write that waits until told, recording each call's items. */
const heldWrites = () => {
  const calls: number[][] = [];
  const release: (() => void)[] = [];
  const write = (items: number[]) => {
    calls.push(items);
    return new Promise<number[]>((resolve) => release.push(() => resolve(items.map((i) => i * 10))));
  };
  return { calls, release, write };
};

describe('group commit', () => {
  it('writes the items of one turn together at its end, and those handed in meanwhile in the next write', async () => {
    const w = heldWrites();
    const add = groupCommit(w.write);
    const first = [add(1), add(2)];
    expect(w.calls).toEqual([]);
    await turn();
    expect(w.calls).toEqual([[1, 2]]);
    const rest = [add(3), add(4)];
    await turn();
    // The first write is under way: these wait for it.
    expect(w.calls).toEqual([[1, 2]]);
    w.release.shift()!();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(w.calls).toEqual([
      [1, 2],
      [3, 4],
    ]);
    w.release.shift()!();
    expect(await Promise.all(rest)).toEqual([30, 40]);
    // Idle again: the next item is written at the end of its turn.
    const again = add(5);
    await turn();
    expect(w.calls).toHaveLength(3);
    w.release.shift()!();
    expect(await again).toBe(50);
  });

  it('fails each item of a failed write, and goes on with the next ones', async () => {
    let fail = true;
    const add = groupCommit(async (items: number[]) => {
      if (fail) throw new Error('database away');
      return items;
    });
    const a = add(1);
    const b = add(2);
    await expect(a).rejects.toThrow('database away');
    await expect(b).rejects.toThrow('database away');
    fail = false;
    expect(await add(3)).toBe(3);
  });
});
