import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../env.js';
import { signingSecret } from '../../providers/storage/create.js';

/**
 * A private app's password: `pcak_` and 32 random bytes in base64url, shown once. Only its
 * HMAC-SHA256 under a key derived from the server's token secret is kept: the password is random
 * enough that a slow hash adds nothing, every project API call checks it, and a database copy alone
 * gives nothing to try offline.
 */
export const PASSWORD_PREFIX = 'pcak_';

export const newPassword = (): string => `${PASSWORD_PREFIX}${randomBytes(32).toString('base64url')}`;

export type PasswordHasher = {
  hash: (password: string) => string;
  matches: (password: string, hash: string) => boolean;
};

const makeHasher = (key: string): PasswordHasher => {
  const hash = (password: string) => createHmac('sha256', key).update(password, 'utf8').digest('hex');
  return {
    hash,
    // Both sides are 32-byte digests, so the comparison takes the same time whatever is sent.
    matches: (password, stored) => {
      const given = Buffer.from(hash(password), 'hex');
      const kept = Buffer.from(stored, 'hex');
      return kept.length === given.length && timingSafeEqual(given, kept);
    },
  };
};

// The key is derived once per configuration: the project API checks a password on every call.
const hashers = new WeakMap<Env, PasswordHasher>();

export const passwordHasher = (env: Env): PasswordHasher => {
  const known = hashers.get(env);
  if (known) return known;
  const hasher = makeHasher(signingSecret(env, 'private-app-passwords'));
  hashers.set(env, hasher);
  return hasher;
};
