import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { createTokenService } from './tokens.js';
import { verifySessionJws } from './session-jws.js';

const secret = 'session-secret-session-secret-session!';
const key = Buffer.from(secret);
const now = Date.parse('2026-03-01T12:00:00Z');
const inAnHour = Math.floor(now / 1000) + 3600;
const claims = { sid: 's1', kind: 'agent', pid: 'p1' };

const signed = (header: Record<string, unknown> = { alg: 'HS256' }, payload: Record<string, unknown> = {}) =>
  new SignJWT({ ...claims, ...payload })
    .setProtectedHeader(header as { alg: string })
    .setSubject('u1')
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(inAnHour)
    .sign(new TextEncoder().encode(secret));

/** Exactly these claims, nothing set for us. */
const signedAsIs = (payload: Record<string, unknown>) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));

/** The payload segment replaced, signature kept: what a forger without the key can send. */
const withPayload = (token: string, payload: unknown) => {
  const [h, , s] = token.split('.');
  return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
};

describe('session token check', () => {
  it('accepts our own tokens, signed by jose, with their claims', async () => {
    const token = await signed();
    expect(verifySessionJws(token, key, now)).toMatchObject({ ...claims, sub: 'u1', exp: inAnHour });
    expect(verifySessionJws(await signed({ alg: 'HS256', typ: 'JWT' }), key, now)).not.toBeNull();
    const service = createTokenService(secret);
    const issued = await service.sign({ sub: 'u2', sid: 's2', kind: 'superadmin' }, new Date(Date.now() + 60_000));
    expect(await service.verify(issued)).toEqual({ sub: 'u2', sid: 's2', kind: 'superadmin', pid: undefined });
  });

  it('refuses another key, a changed payload or signature, and any algorithm but HS256', async () => {
    const token = await signed();
    expect(verifySessionJws(token, Buffer.from('another-secret-another-secret-another!'), now)).toBeNull();
    expect(verifySessionJws(withPayload(token, { ...claims, sub: 'admin', exp: inAnHour }), key, now)).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = Buffer.from(s, 'base64url');
    flipped[0] ^= 1;
    expect(verifySessionJws(`${h}.${p}.${flipped.toString('base64url')}`, key, now)).toBeNull();
    const unsecured = new UnsecuredJWT({ ...claims, sub: 'u1' }).setExpirationTime(inAnHour).encode();
    expect(verifySessionJws(unsecured, key, now)).toBeNull();
    expect(verifySessionJws(`${unsecured}${s}`, key, now)).toBeNull();
    // The same key under HS512, and an HS256 signature under a header that says otherwise.
    const hs512 = await new SignJWT({ ...claims, sub: 'u1', exp: inAnHour })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(secret));
    expect(verifySessionJws(hs512, key, now)).toBeNull();
    const relabelled = `${Buffer.from(JSON.stringify({ alg: 'RS256' })).toString('base64url')}.${p}.${s}`;
    expect(verifySessionJws(relabelled, key, now)).toBeNull();
  });

  it('on the request path (the token service) refuses alg none, HS512, no expiry and an expired token', async () => {
    const service = createTokenService(secret);
    const live = { ...claims, sub: 'u1', exp: Math.floor(Date.now() / 1000) + 600 };
    const noExpiry = { ...claims, sub: 'u1' };
    const bytes = new TextEncoder().encode(secret);
    expect(
      await service.verify(await new SignJWT(live).setProtectedHeader({ alg: 'HS256' }).sign(bytes)),
    ).not.toBeNull();
    expect(await service.verify(new UnsecuredJWT(live).encode())).toBeNull();
    expect(await service.verify(await new SignJWT(live).setProtectedHeader({ alg: 'HS512' }).sign(bytes))).toBeNull();
    expect(
      await service.verify(await new SignJWT(noExpiry).setProtectedHeader({ alg: 'HS256' }).sign(bytes)),
    ).toBeNull();
    expect(
      await service.verify(await service.sign({ sub: 'u1', sid: 's1', kind: 'agent' }, new Date(Date.now() - 1_000))),
    ).toBeNull();
  });

  // The reference: jose's jwtVerify with HS256 only and `exp` required
  // (https://github.com/panva/jose/blob/main/docs/jwt/verify/functions/jwtVerify.md).
  it('accepts and refuses what jose accepts and refuses, over algorithms and expiries', async () => {
    const bytes = new TextEncoder().encode(secret);
    const joseAccepts = (token: string) =>
      jwtVerify(token, bytes, { algorithms: ['HS256'], requiredClaims: ['exp'], currentDate: new Date(now) }).then(
        () => true,
        () => false,
      );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('HS256', 'HS384', 'HS512', 'none'),
        fc.option(fc.integer({ min: -7200, max: 7200 }), { nil: undefined }),
        async (alg, expIn) => {
          const payload = {
            ...claims,
            sub: 'u1',
            ...(expIn === undefined ? {} : { exp: Math.floor(now / 1000) + expIn }),
          };
          const token =
            alg === 'none'
              ? new UnsecuredJWT(payload).encode()
              : await new SignJWT(payload).setProtectedHeader({ alg }).sign(bytes);
          expect(verifySessionJws(token, key, now) !== null).toBe(await joseAccepts(token));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses headers it does not know (crit, kid, b64) even when signed with the key', async () => {
    for (const header of [
      { alg: 'HS256', crit: ['exp'] },
      { alg: 'HS256', kid: 'k1' },
      { alg: 'HS256', b64: false, crit: ['b64'] },
      { alg: 'HS256', typ: 'at+jwt' },
    ]) {
      const token = await signed(header).catch(() => null);
      if (token) expect(verifySessionJws(token, key, now), JSON.stringify(header)).toBeNull();
    }
  });

  it('refuses an expired token, one without an expiry, and one not valid yet', async () => {
    const token = await signed();
    expect(verifySessionJws(token, key, inAnHour * 1000 - 1)).not.toBeNull();
    expect(verifySessionJws(token, key, inAnHour * 1000)).toBeNull();
    const base = { ...claims, sub: 'u1' };
    expect(verifySessionJws(await signedAsIs({ ...base, exp: inAnHour }), key, now)).not.toBeNull();
    expect(verifySessionJws(await signedAsIs(base), key, now)).toBeNull();
    expect(verifySessionJws(await signedAsIs({ ...base, exp: String(inAnHour) }), key, now)).toBeNull();
    const soon = Math.floor(now / 1000) + 60;
    expect(verifySessionJws(await signedAsIs({ ...base, exp: inAnHour, nbf: soon }), key, now)).toBeNull();
    expect(verifySessionJws(await signedAsIs({ ...base, exp: inAnHour, nbf: soon - 120 }), key, now)).not.toBeNull();
    expect(verifySessionJws(await signedAsIs({ ...base, exp: inAnHour, iat: 'yesterday' }), key, now)).toBeNull();
  });

  it('refuses anything but three plain base64url segments, and another spelling of the signature', async () => {
    const token = await signed();
    const [h, p, s] = token.split('.') as [string, string, string];
    for (const bad of [
      `${token}=`,
      ` ${token}`,
      `${token}\n`,
      `${h}.${p}.${s}.x`,
      `${h}.${p}`,
      `${h}..${s}`,
      `${h}.${p}.${s.slice(0, -1)}`,
      `${h}.${p} .${s}`,
    ])
      expect(verifySessionJws(bad, key, now), JSON.stringify(bad)).toBeNull();
    // 32 bytes take 43 characters; the last one carries 2 spare bits that must be zero.
    const last = s.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(verifySessionJws(`${h}.${p}.${s.slice(0, -1)}${sameBytes}`, key, now)).toBeNull();
  });

  it('never accepts text it did not sign', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(verifySessionJws(text, key, now)).toBeNull();
      }),
    );
  });

  it('agrees with jose on every claim set it signs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
        ),
        async (extra) => {
          const token = await signed(undefined, { ...extra, exp: inAnHour });
          expect(verifySessionJws(token, key, now)).toMatchObject({ exp: inAnHour });
        },
      ),
      { numRuns: 50 },
    );
  });
});
