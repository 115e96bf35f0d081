import { describe, expect, it } from 'vitest';
import { InvalidAccessToken } from '../signup/signup.js';
import { createSandboxFacebookLogin } from './sandbox-login.js';

/** The sandbox Facebook login's tokens: who logged in, what they granted, for how long. */
const clock = { now: new Date('2026-03-01T10:00:00Z') };
const login = createSandboxFacebookLogin('login-test-secret', () => clock.now);
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

describe('a login token', () => {
  it('carries the user, with an id that is the name whatever its case, and the WhatsApp account shared', async () => {
    const token = await login.issue({
      scopes: ['whatsapp_business_management'],
      userName: 'Asha Rao',
      businessName: 'Rao Foods',
      phoneNumber: '919811122230',
      displayName: 'Rao Foods',
    });
    const claims = await login.read(token);
    expect(claims).toMatchObject({
      userName: 'Asha Rao',
      scopes: ['whatsapp_business_management'],
      phoneNumber: '919811122230',
    });
    expect(claims.userId).toMatch(/^\d{15}$/);
    const same = await login.read(await login.issue({ scopes: [], userName: '  asha  rao ' }));
    expect(same.userId).toBe(claims.userId);
    expect(same.phoneNumber).toBeUndefined();
    expect((await login.read(await login.issue({ scopes: [], userName: 'Ravi' }))).userId).not.toBe(claims.userId);
  });

  it('is refused when forged or another key’s, and expires: a sign-up’s in an hour, an ads login’s in 60 days', async () => {
    const signup = await login.issue({ scopes: ['business_management'], userName: 'A' });
    const ads = await login.issue({ scopes: ['ads_read', 'pages_show_list'], userName: 'A' });
    const other = createSandboxFacebookLogin('another-secret', () => clock.now);
    await expect(other.read(signup)).rejects.toBeInstanceOf(InvalidAccessToken);
    await expect(login.read(`${signup}x`)).rejects.toBeInstanceOf(InvalidAccessToken);
    await expect(login.read('EAAB-not-a-jws')).rejects.toBeInstanceOf(InvalidAccessToken);
    later(60 * 60_000 + 1000);
    await expect(login.read(signup)).rejects.toBeInstanceOf(InvalidAccessToken);
    await login.read(ads);
    later(60 * 24 * 60 * 60_000);
    await expect(login.read(ads)).rejects.toBeInstanceOf(InvalidAccessToken);
  });
});
