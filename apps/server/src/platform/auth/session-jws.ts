import { createHmac, timingSafeEqual } from 'node:crypto';

/** Exactly three unpadded base64url segments: no padding, white space or fourth segment. */
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/** What our signer writes in the header; anything more (crit, b64, kid, jku...) is refused. */
const headerKeys = new Set(['alg', 'typ']);
const SHA256_BYTES = 32;

const jsonObject = (segment: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * The payload of a session token when its HS256 signature is ours and it is within its times, else
 * null. Synchronous (node:crypto's HMAC), and no looser than jose's jwtVerify with HS256 allowed: the
 * algorithm is HS256 or nothing (`none`, RS256 and the rest are refused before any signature is
 * computed), the signature is compared in constant time, `exp` must be a number in the future (a
 * token without one is refused, where jose would let it live for ever), `nbf` and `iat` when present
 * must be numbers and `nbf` not in the future. Tokens are signed with jose (tokens.ts).
 */
export const verifySessionJws = (token: string, key: Buffer, nowMs: number): Record<string, unknown> | null => {
  if (!compactJws.test(token)) return null;
  const [header64, payload64, signature64] = token.split('.') as [string, string, string];
  const header = jsonObject(header64);
  if (!header || header.alg !== 'HS256') return null;
  if (Object.keys(header).some((k) => !headerKeys.has(k)) || (header.typ !== undefined && header.typ !== 'JWT'))
    return null;
  const signature = Buffer.from(signature64, 'base64url');
  // One spelling per signature: another last character decoding to the same bytes is refused.
  if (signature.toString('base64url') !== signature64) return null;
  const expected = createHmac('sha256', key).update(`${header64}.${payload64}`).digest();
  if (signature.length !== SHA256_BYTES || !timingSafeEqual(signature, expected)) return null;
  const payload = jsonObject(payload64);
  if (!payload) return null;
  const now = Math.floor(nowMs / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  if (payload.iat !== undefined && typeof payload.iat !== 'number') return null;
  return payload;
};
