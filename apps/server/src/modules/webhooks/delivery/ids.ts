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
 * random bits, 26 characters), so ids sort by the time they were made.
 */
export const newEventId = (at: Date = new Date()): string =>
  `msg_${base32(BigInt(at.getTime()), 10)}${base32(BigInt(`0x${randomBytes(10).toString('hex')}`), 16)}`;
