import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { sub: string; sid: string; kind: 'agent' | 'superadmin'; pid?: string };

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

export const createTokenService = (secret: string): TokenService => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ sid: claims.sid, kind: claims.kind, ...(claims.pid ? { pid: claims.pid } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        if (payload.kind !== 'agent' && payload.kind !== 'superadmin') return null;
        return {
          sub: payload.sub,
          sid: payload.sid,
          kind: payload.kind,
          pid: typeof payload.pid === 'string' ? payload.pid : undefined,
        };
      } catch {
        return null;
      }
    },
  };
};
