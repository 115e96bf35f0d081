import os from 'node:os';
import path from 'node:path';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.js';

// The upload form's policy is a compact JWS checked by jose's jwtVerify, HS256 only and `exp` required
// (https://github.com/panva/jose/blob/main/docs/jwt/verify/functions/jwtVerify.md).
const secret = 'storage-secret-storage-secret-storage!';
const storage = createLocalStorage({
  root: path.join(os.tmpdir(), 'pc-local-storage-test'),
  publicUrl: 'http://localhost:3000',
  secret,
});
const bytes = new TextEncoder().encode(secret);
const claims = { key: 'p1/profile/a.png', contentType: 'image/png', maxBytes: 5 };
const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

/** A token split into the form's two fields. */
const fieldsOf = (token: string) => {
  const cut = token.lastIndexOf('.');
  return [token.slice(0, cut), token.slice(cut + 1)] as const;
};

describe('local storage upload policy', () => {
  it('takes back the policy it signed, until it expires', async () => {
    const post = await storage.createUploadPost('p1/profile/a.png', {
      contentType: 'image/png',
      maxBytes: 5,
      expiresSeconds: 60,
    });
    expect(post.url).toBe('http://localhost:3000/api/storage/upload');
    const { policy, signature } = post.fields as { policy: string; signature: string };
    expect(await storage.verifyPolicy(policy, signature, Date.now())).toMatchObject(claims);
    expect(await storage.verifyPolicy(policy, signature, Date.now() + 61_000)).toBeNull();
  });

  it('refuses a changed policy, another key, alg none, HS512 and a policy without an expiry', async () => {
    const [policy, signature] = fieldsOf(
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(inAMinute()).sign(bytes),
    );
    expect(await storage.verifyPolicy(policy, signature, Date.now())).not.toBeNull();
    const [header] = policy.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, key: 'p2/evil.png', exp: inAMinute() })).toString('base64url')}`;
    expect(await storage.verifyPolicy(forged, signature, Date.now())).toBeNull();
    const other = new TextEncoder().encode('another-secret-another-secret-another!');
    const signedElsewhere = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(inAMinute())
      .sign(other);
    expect(await storage.verifyPolicy(...fieldsOf(signedElsewhere), Date.now())).toBeNull();
    const unsecured = new UnsecuredJWT(claims).setExpirationTime(inAMinute()).encode();
    expect(await storage.verifyPolicy(unsecured.slice(0, -1), '', Date.now())).toBeNull();
    expect(await storage.verifyPolicy(unsecured.slice(0, -1), signature, Date.now())).toBeNull();
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(inAMinute())
      .sign(bytes);
    expect(await storage.verifyPolicy(...fieldsOf(hs512), Date.now())).toBeNull();
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(bytes);
    expect(await storage.verifyPolicy(...fieldsOf(forever), Date.now())).toBeNull();
  });

  it('refuses text around or inside the fields and a policy whose claims are of another kind', async () => {
    const [policy, signature] = fieldsOf(
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(inAMinute()).sign(bytes),
    );
    expect(await storage.verifyPolicy(`${policy}=`, signature, Date.now())).toBeNull();
    expect(await storage.verifyPolicy(policy, `${signature}\n`, Date.now())).toBeNull();
    expect(await storage.verifyPolicy(policy, `${signature}.x`, Date.now())).toBeNull();
    expect(await storage.verifyPolicy('', '', Date.now())).toBeNull();
    const odd = await new SignJWT({ ...claims, maxBytes: '5' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(inAMinute())
      .sign(bytes);
    expect(await storage.verifyPolicy(...fieldsOf(odd), Date.now())).toBeNull();
  });
});
