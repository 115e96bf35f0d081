import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { verifySessionJws } from './session-jws.js';

/**
 * `ref` marks a referral agent's token for the console's own use (which calls to start early); the
 * server never grants or refuses on it: every request reads the agent afresh.
 */
export type TokenClaims = { sub: string; sid: string; kind: 'agent' | 'superadmin'; pid?: string; ref?: boolean };

export type TokenService = {
  sign: (claims: TokenClaims, expiresAt: Date) => Promise<string>;
  verify: (token: string) => Promise<TokenClaims | null>;
};

/** The secret from configuration, else one generated once and kept in DATA_DIR. */
export const loadTokenSecret = (configured: string | undefined, dataDir: string): string => {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/** The claims a verified payload carries, or null when one of them is missing or of another kind. */
export const claimsOf = (payload: Record<string, unknown> | null): TokenClaims | null => {
  if (!payload) return null;
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
  if (payload.kind !== 'agent' && payload.kind !== 'superadmin') return null;
  return {
    sub: payload.sub,
    sid: payload.sid,
    kind: payload.kind,
    pid: typeof payload.pid === 'string' ? payload.pid : undefined,
  };
};

/**
 * Session tokens: signed by jose (HS256), checked on every request by `verifySessionJws`, a strict
 * HS256-only check on node:crypto's HMAC (`exp` required, any other algorithm refused) that answers
 * synchronously. Kept over jose's jwtVerify on measure (`npm run bench:session-verify`, 2026-11-29,
 * load average 0.8 then 4.1): jose's check cost 32 to 55 µs of CPU against 7 to 8 µs, even with the
 * key imported once, and its WebCrypto HMAC runs as a thread-pool job the request waits for, which
 * added 0.24 to 0.27 ms (about 15 %) to the median of the projects list's first page (1.6 to 1.8 ms).
 */
export const createTokenService = (secret: string): TokenService => {
  const key = new TextEncoder().encode(secret);
  const verifyKey = Buffer.from(key);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({
        sid: claims.sid,
        kind: claims.kind,
        ...(claims.pid ? { pid: claims.pid } : {}),
        ...(claims.ref ? { ref: true } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    verify: async (token) => claimsOf(verifySessionJws(token, verifyKey, Date.now())),
  };
};
