import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createLinkTokens, type LinkClaims } from './link-token.js';

const secret = 'link-token-test-secret-0123456789abcdef';
const tokens = createLinkTokens(secret);
const now = Date.UTC(2026, 0, 1);
const claims: LinkClaims = { projectId: 'p1', partnerId: 'a1', businessId: 'b1', kind: 'waba', expires: now + 60_000 };

describe('link tokens', () => {
  it('are compact JWS (HS256) that give back their claims until they expire', async () => {
    const token = await tokens.issue(claims);
    expect(token.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    expect(await tokens.verify(token, now)).toEqual(claims);
    expect(await tokens.verify(token, now + 60_000)).toBeNull();
  });

  it('refuse anything appended or changed, however the base64 decoder would read it', async () => {
    const token = await tokens.issue(claims);
    const [header, body, signature] = token.split('.') as [string, string, string];
    // jose's decoder skips padding and white space, so these once verified as the untouched token.
    const malformed = [
      `${token}.`,
      `${token}.x`,
      `${token}</script><script>alert(1)</script>`,
      `${token}=`,
      `${token} `,
      `${token}\n`,
      ` ${token}`,
      `${header}=.${body}.${signature}`,
      `${header}.${body}.${signature.slice(0, -1)}`,
      `${header}.${body}`,
      '',
    ];
    for (const bad of malformed) expect(await tokens.verify(bad, now), JSON.stringify(bad)).toBeNull();
  });

  it('refuse another key, another algorithm, no expiry or claims of the wrong shape', async () => {
    const key = new TextEncoder().encode(secret);
    const { expires, ...rest } = claims;
    const exp = Math.floor(expires / 1000);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...rest, exp })).toString('base64url')}.`;
    const refused = [
      await createLinkTokens('another-secret-0123456789abcdef').issue(claims),
      unsigned,
      await new SignJWT(rest).setProtectedHeader({ alg: 'HS512' }).setExpirationTime(exp).sign(key),
      await new SignJWT(rest).setProtectedHeader({ alg: 'HS256' }).sign(key),
      await new SignJWT({ ...rest, kind: 'other' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(key),
      await new SignJWT({ ...rest, projectId: 7 })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(key),
    ];
    for (const bad of refused) expect(await tokens.verify(bad, now), bad).toBeNull();
  });
});
