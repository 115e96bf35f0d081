import { hasPermission, type Webhook } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { SecretBox } from './secret.js';
import type { WebhookRow } from './queries.js';

/** A secret sealed under another token secret (TOKEN_SECRET changed) does not open: null, until a new one is generated. */
const openedOrNull = (box: SecretBox, sealed: string): string | null => {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
};

/** A rotated-out secret still signs until its expiry (Standard Webhooks' zero-downtime rotation). */
export const previousSecretValid = (
  row: Pick<WebhookRow, 'previousSecret' | 'previousSecretExpiresAt'>,
  at: Date,
): boolean => row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > at;

/**
 * A webhook as the calls answer it. The shared secret is opened for members who may change the
 * project's webhooks (business write) and null for the others, who can see that webhooks exist
 * but not sign as the platform.
 */
export const toWebhook = (row: WebhookRow, viewer: AgentViewer, box: SecretBox, now: Date): Webhook => ({
  _id: row.id,
  project_id: row.projectId,
  topics: row.topics,
  webhook_url: row.url,
  shared_secret: hasPermission(viewer, 'business.write') ? openedOrNull(box, row.secret) : null,
  previous_secret_expires_at: previousSecretValid(row, now) ? row.previousSecretExpiresAt!.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  status: row.status === 'DISABLED' ? 'DISABLED' : 'ENABLED',
  disabledReason: row.disabledReason === 'GONE' || row.disabledReason === 'FAILING' ? row.disabledReason : null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});
