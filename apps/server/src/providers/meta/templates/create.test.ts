import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../env.js';
import type { Db } from '../../../platform/db/open.js';
import { createMetaTemplates, metaAppSecret, metaWebhookUrl } from './create.js';

const base = { TOKEN_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://console.example.com/' };
const db = {} as Db;
const now = () => new Date();

describe('choosing the template provider', () => {
  it('is the sandbox by default, reviewing after 15 seconds and posting to this server', () => {
    const env = readEnv(base);
    expect(env.META_SANDBOX_REVIEW_DELAY_MS).toBe(15_000);
    expect(createMetaTemplates(env, db, now).mode).toBe('sandbox');
    expect(metaWebhookUrl(env)).toBe('https://console.example.com/platform/meta/webhook');
    expect(metaWebhookUrl(readEnv({ ...base, META_WEBHOOK_CALLBACK_URL: 'https://tunnel.example/hook' }))).toBe(
      'https://tunnel.example/hook',
    );
  });

  it("signs the sandbox's webhooks with the configured app secret, else a stable derived one", () => {
    expect(metaAppSecret(readEnv({ ...base, META_APP_SECRET: 'configured' }))).toBe('configured');
    const derived = metaAppSecret(readEnv(base));
    expect(derived).toHaveLength(43);
    expect(metaAppSecret(readEnv(base))).toBe(derived);
    expect(metaAppSecret(readEnv({ ...base, TOKEN_SECRET: 'y'.repeat(40) }))).not.toBe(derived);
  });

  it("is the Graph API when live, which needs the system user's token and the real app secret", () => {
    expect(() => createMetaTemplates(readEnv({ ...base, META_MODE: 'live' }), db, now)).toThrow(
      'META_SYSTEM_USER_TOKEN',
    );
    const live = readEnv({ ...base, META_MODE: 'live', META_SYSTEM_USER_TOKEN: 'sys' });
    expect(createMetaTemplates(live, db, now)).toMatchObject({ mode: 'live', jobHandlers: {} });
    expect(() => metaAppSecret(live)).toThrow('META_APP_SECRET');
  });

  it('refuses a negative review delay', () => {
    expect(() => readEnv({ ...base, META_SANDBOX_REVIEW_DELAY_MS: '-1' })).toThrow('META_SANDBOX_REVIEW_DELAY_MS');
  });
});
