import type { Env } from '../env.js';
import { secretBox } from '../modules/webhooks/secret.js';
import { createSandboxFacebookLogin } from '../providers/meta/facebook/sandbox-login.js';
import { metaAppSecret } from '../providers/meta/templates/create.js';
import { createStorage, signingSecret } from '../providers/storage/create.js';
import type { SeedOptions } from './demo.js';

/**
 * What `npm start` seeds the demo with: the demo's dates relative to this start, its recharges'
 * invoices in the configured storage, secrets sealed with the server's keys, and (in the sandbox)
 * the sandbox's Facebook user connecting the demo's Meta Ads, not the real Meta. One place, so that
 * bench/seed.ts seeds what a first start does.
 */
export const demoSeedOptions = (env: Env, now: () => Date): SeedOptions => ({
  now: now(),
  storage: createStorage(env),
  publicUrl: env.publicUrl,
  webhookSecrets: secretBox(env),
  apiKeys: secretBox(env, 'provider-api-keys'),
  ...(env.META_MODE === 'sandbox'
    ? {
        metaAppSecret: metaAppSecret(env),
        facebook: {
          login: createSandboxFacebookLogin(signingSecret(env, 'sandbox-facebook'), now),
          seal: secretBox(env, 'facebook-tokens').seal,
        },
      }
    : {}),
});
