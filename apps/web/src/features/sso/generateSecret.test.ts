import { describe, expect, it } from 'vitest';
import { ssoSecretPattern, SSO_SECRET_LENGTH } from '@pc/contract';
import { generateSsoSecret } from './generateSecret';

describe('generateSsoSecret', () => {
  it('makes 40 letters and digits the server accepts, different every time', () => {
    const secrets = Array.from({ length: 200 }, () => generateSsoSecret());
    for (const secret of secrets) {
      expect(secret).toHaveLength(SSO_SECRET_LENGTH);
      expect(secret).toMatch(ssoSecretPattern);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateSsoSecret()).join(''));
    expect(seen.size).toBe(62);
  });
});
