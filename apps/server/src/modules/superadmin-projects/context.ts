import type { Deps } from '../../deps.js';
import type { StaffTemplateCalls } from '../templates/index.js';
import type { SecretBox } from '../webhooks/secret.js';

/**
 * What the super-admin project screen's use cases run with: the app's deps, the box the channel's
 * API key is sealed in, and the templates module's staff calls (sync, migrate).
 */
export type SuperadminProjectsCtx = Deps & { apiKeys: SecretBox; templates: StaffTemplateCalls };
