import { describe, expect, it } from 'vitest';
import { keyPerRequest } from './useIdempotencyKey';

describe('keyPerRequest', () => {
  it('gives a resubmit of the same request the same key, and a changed request a new one', () => {
    const keyFor = keyPerRequest();
    const first = keyFor({ amount: 1000, action: 'ADD' });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFor({ amount: 1000, action: 'ADD' })).toBe(first);
    const changed = keyFor({ amount: 2000, action: 'ADD' });
    expect(changed).not.toBe(first);
    // Going back to an earlier request is a new action.
    expect(keyFor({ amount: 1000, action: 'ADD' })).not.toBe(first);
  });

  it('starts afresh for each dialog opening', () => {
    expect(keyPerRequest()({ addon: 'FLOW_BUILDER' })).not.toBe(keyPerRequest()({ addon: 'FLOW_BUILDER' }));
  });
});
