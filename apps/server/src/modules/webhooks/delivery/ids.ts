import { randomBytes } from 'node:crypto';

/** Crockford's base 32: sorts the same as text and as numbers. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const base32 = (n: bigint, length: number): string => {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    out = ALPHABET[Number(n & 31n)]! + out;
    n >>= 5n;
  }
  return out;
};

/**
 * Standard Webhooks' `webhook-id` of an event: `msg_` and a ULID (48 bits of milliseconds, then 80
 * random bits, 26 characters), so ids sort by the time they were made. Monotonic, as ULID's spec
 * allows: ids made in the same millisecond take the last random part plus one, so a batch's events
 * (a new contact's `contact.created`, then its message) sort in the order they were made.
 */
let last = { ms: -1n, random: 0n };
export const newEventId = (at: Date = new Date()): string => {
  const ms = BigInt(at.getTime());
  const random =
    ms === last.ms && last.random < (1n << 80n) - 1n
      ? last.random + 1n
      : BigInt(`0x${randomBytes(10).toString('hex')}`);
  last = { ms, random };
  return `msg_${base32(ms, 10)}${base32(random, 16)}`;
};
