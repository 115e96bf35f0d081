import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { newWebhookSecret, secretBox, secretKeyBytes } from './secret.js';

const env = (secret: string) => readEnv({ ...process.env, TOKEN_SECRET: secret.repeat(40) });

describe('webhook secrets', () => {
  it('are whsec_ and 32 random bytes, different each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretKeyBytes(a)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('are sealed, not kept in the clear, and open only under the same server key', () => {
    const secret = newWebhookSecret();
    const box = secretBox(env('a'));
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(box.open(sealed)).toBe(secret);
    expect(() => secretBox(env('b')).open(sealed)).toThrow();
    // One bit of the ciphertext flipped in its bytes (a character swap could land on the same bytes).
    const [v, iv, body, tag] = sealed.split(':');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    const flipped = `${v}:${iv}:${bytes.toString('base64url')}:${tag}`;
    expect(() => box.open(flipped)).toThrow();
  });
});
