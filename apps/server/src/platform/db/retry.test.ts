import { describe, expect, it } from 'vitest';
import { retryingConflicts } from './retry.js';

const deadlock = () => Object.assign(new Error('Failed query'), { cause: { code: '40P01' } });

describe('retryingConflicts', () => {
  it('runs the work again after a deadlock, and answers what the run that went through answers', async () => {
    let runs = 0;
    const answer = await retryingConflicts(async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return 'done';
    });
    expect([answer, runs]).toEqual(['done', 3]);
  });

  it('gives up after four runs with the conflict', async () => {
    let runs = 0;
    const failing = retryingConflicts(async () => {
      runs += 1;
      throw deadlock();
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(runs).toBe(4);
  });

  it('never runs again after any other failure (a refusal, a lost connection)', async () => {
    let runs = 0;
    const refused = retryingConflicts(async () => {
      runs += 1;
      throw Object.assign(new Error('terminating connection'), { code: '57P01' });
    });
    await expect(refused).rejects.toThrow('terminating connection');
    expect(runs).toBe(1);
  });
});
