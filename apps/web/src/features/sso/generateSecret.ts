import { SSO_SECRET_LENGTH } from '@pc/contract';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// The largest multiple of 62 under 256: bytes from it up are drawn again, so every character is equally likely.
const UNBIASED_BELOW = 256 - (256 % ALPHABET.length);

/**
 * A new SSO secret, made in the browser from crypto.getRandomValues: 40 letters and digits (about
 * 238 bits). Made here, it goes to the server once, in the spec's own call (`PATCH /api/profile-update
 * { ssoSecretKey }`), and the owner sees it in full only on this screen, once.
 */
export const generateSsoSecret = (length = SSO_SECRET_LENGTH): string => {
  let secret = '';
  const bytes = new Uint8Array(length * 2);
  while (secret.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_BELOW && secret.length < length) secret += ALPHABET[byte % ALPHABET.length];
    }
  }
  return secret;
};
