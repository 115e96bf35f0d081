import type { Deps } from '../../deps.js';
import type { SecretBox } from './secret.js';

/** What the webhook calls run with: the app's deps and the box that seals and opens shared secrets. */
export type WebhooksCtx = Deps & { box: SecretBox };
