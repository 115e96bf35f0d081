import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Env } from '../../env.js';
import { signingSecret } from '../../providers/storage/create.js';

/**
 * A webhook's shared secret: Standard Webhooks' `whsec_` and 32 random bytes in base64, which the
 * receiver's verifier takes as it is. Signing needs it back, so it is kept encrypted (AES-256-GCM
 * under a key derived from the server's token secret), never in the clear: a database copy alone
 * does not let anyone forge a project's webhooks.
 */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The signing key's bytes (what HMAC-SHA256 is keyed with): the base64 after `whsec_`. */
export const secretKeyBytes = (secret: string): Buffer => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

export type SecretBox = { seal: (secret: string) => string; open: (sealed: string) => string };

const VERSION = 'v1';

/**
 * Seals and opens secrets with a key derived from the configuration for their purpose (webhook
 * secrets; registration PINs), so a key of one purpose opens nothing of another.
 */
export const secretBox = (
  env: Env,
  purpose: 'webhook-secrets' | 'registration-pins' | 'facebook-tokens' | 'provider-api-keys' = 'webhook-secrets',
): SecretBox => {
  const key = createHash('sha256').update(signingSecret(env, purpose)).digest();
  return {
    seal: (secret) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        body.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join(':');
    },
    open: (sealed) => {
      const [version, iv, body, tag] = sealed.split(':');
      if (version !== VERSION || !iv || !body || !tag) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};
