import { describe, expect, it } from 'vitest';
import { createSealer } from './sealed.js';

describe('sealed tokens', () => {
  const sealer = createSealer('server-secret');

  it('open to what was sealed, and never show it', () => {
    const sealed = sealer.seal('access-token-123');
    expect(sealed).not.toContain('access-token-123');
    expect(sealer.open(sealed)).toBe('access-token-123');
    expect(sealer.seal('access-token-123')).not.toBe(sealed);
  });

  it('do not open under another secret, or changed in any part', () => {
    const sealed = sealer.seal('access-token-123');
    expect(() => createSealer('another-secret').open(sealed)).toThrow();
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const changed = [...parts];
      const flip = changed[i]!.startsWith('A') ? 'B' : 'A';
      changed[i] = flip + changed[i]!.slice(1);
      expect(() => sealer.open(changed.join('.')), `part ${i}`).toThrow();
    }
    expect(() => sealer.open('plain-text')).toThrow();
    expect(() => sealer.open(`${sealed}.extra`)).toThrow();
  });
});
