import { describe, expect, it } from 'vitest';
import { newEventId } from './ids.js';

describe('newEventId', () => {
  it('is msg_ and a ULID; ids of one millisecond sort in the order they were made', () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    const ids = Array.from({ length: 50 }, () => newEventId(at));
    for (const id of ids) expect(id).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
    expect(newEventId(new Date(at.getTime() + 1)) > ids.at(-1)!).toBe(true);
  });
});
