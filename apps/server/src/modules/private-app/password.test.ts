import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { newPassword, passwordHasher } from './password.js';

const env = (secret: string) => readEnv({ ...process.env, TOKEN_SECRET: secret.repeat(40) });

describe('private app passwords', () => {
  it("are 'pcak_' and 32 random bytes in base64url, different each time", () => {
    const a = newPassword();
    expect(a).toMatch(/^pcak_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(5), 'base64url')).toHaveLength(32);
    expect(newPassword()).not.toBe(a);
  });

  it('are kept as an HMAC under the server key: the hash matches its password only, and only under that key', () => {
    const hasher = passwordHasher(env('a'));
    const password = newPassword();
    const hash = hasher.hash(password);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(password.slice(5));
    expect(hasher.matches(password, hash)).toBe(true);
    expect(hasher.matches(newPassword(), hash)).toBe(false);
    expect(hasher.matches(`${password}x`, hash)).toBe(false);
    expect(hasher.matches(password, 'not-a-hash')).toBe(false);
    expect(passwordHasher(env('b')).matches(password, hash)).toBe(false);
  });
});
