import { isPublicMediaUrl } from '../templates/media-url.js';
import { WEBHOOK_URL_MAX } from './constants.js';
import { webhookMessages } from './messages.js';

/**
 * What is wrong with a webhook URL as written, or null: http or https, no user name or password,
 * at most 2048 characters, and a public host (not localhost, a private name or a private address
 * however written). The sender checks again, on every address the name resolves to, before it
 * connects; `allowPrivate` (local development and tests) lets private hosts through both times.
 */
export const webhookUrlProblem = (url: string, opts: { allowPrivate?: boolean } = {}): string | null => {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.length > WEBHOOK_URL_MAX || /\s/.test(trimmed)) return webhookMessages.urlInvalid;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return webhookMessages.urlInvalid;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return webhookMessages.urlInvalid;
  if (parsed.username || parsed.password || parsed.hostname === '') return webhookMessages.urlInvalid;
  if (!opts.allowPrivate && !isPublicMediaUrl(trimmed)) return webhookMessages.urlNotPublic;
  return null;
};
