import { describe, expect, it } from 'vitest';
import { isTokenExpired, readClaims } from './token';

const tokenWith = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('token claims', () => {
  it('reads base64url claims, including characters that need the URL alphabet', () => {
    const claims = { sub: 'ü?>~', sid: 's', kind: 'agent', exp: 2_000_000_000 };
    expect(readClaims(tokenWith(claims))).toEqual(claims);
  });

  it('treats a past exp, a missing exp and garbage as expired', () => {
    const now = 1_800_000_000_000;
    expect(isTokenExpired(tokenWith({ exp: now / 1000 + 60 }), now)).toBe(false);
    expect(isTokenExpired(tokenWith({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(tokenWith({ sub: 'x' }), now)).toBe(true);
    expect(isTokenExpired('not-a-token', now)).toBe(true);
    expect(isTokenExpired('a.%%%.b', now)).toBe(true);
  });
});
