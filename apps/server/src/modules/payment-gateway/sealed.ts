import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals the payment gateway's OAuth tokens for the database: AES-256-GCM under a key derived from
 * the server's secret (`signingSecret(env, 'razorpay-tokens')`), a fresh 96-bit nonce each time,
 * written `v1.nonce.ciphertext.tag` in base64url. A row read from a dump, or changed in place, opens
 * to nothing: `open` throws. (Changing TOKEN_SECRET makes sealed tokens unreadable: such a partner
 * disconnects with 'Failed to disconnect Razorpay' until the secret is put back.)
 */
export const createSealer = (secret: string) => {
  const key = createHash('sha256').update(secret).digest();
  return {
    seal: (plain: string): string => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce, sealed, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed: string): string => {
      const [version, nonce, body, tag, ...rest] = sealed.split('.');
      if (version !== VERSION || !nonce || body === undefined || !tag || rest.length)
        throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};
export type Sealer = ReturnType<typeof createSealer>;
